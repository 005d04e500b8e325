"use client";
/**
 * P6: personal MCP tokens. A new token is shown once, with a copy button and
 * the client configuration it goes into; afterwards only its name and dates
 * remain (the server keeps a hash). Revoking stops it at once.
 */
import { useState } from "react";
import type { McpTokenView } from "@/lib/mcp/list-mcp-tokens";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorText } from "@/components/ui/error-text";
import { TextField } from "@/components/ui/field";
import { fieldErrors } from "@/components/ui/field-errors";
import { InlineStatus } from "@/components/ui/inline-status";
import { formatDateTime } from "@/components/rooms/format";
import { useCreateMcpToken, useMcpTokens, useRevokeMcpToken } from "./token-hooks";

export function McpTokensPanel({ initialTokens, origin }: Readonly<{ initialTokens: McpTokenView[]; origin: string }>) {
  const tokens = useMcpTokens(initialTokens);
  const create = useCreateMcpToken();
  const revoke = useRevokeMcpToken();
  const [name, setName] = useState("");
  const [fresh, setFresh] = useState<{ name: string; secret: string } | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const errors = fieldErrors(create.error, ["name"]);
  const endpoint = `${origin}/api/mcp`;

  async function copy(secret: string) {
    try {
      await navigator.clipboard.writeText(secret);
      setStatus("Token copied to the clipboard.");
    } catch {
      setStatus("Copying is blocked here; select the token and copy it by hand.");
    }
  }

  return (
    <div className="space-y-6">
      <Card
        title="Create an MCP token"
        description={`MCP clients (Claude Desktop, Cursor, scripts) use a token to list approvals, read plans and decide "leave plan mode" and per-call approvals as you, at ${endpoint}. Plans and orchestration proposals are approved in the app only.`}
      >
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
          onSubmit={(event) => {
            event.preventDefault();
            setStatus(null);
            create.mutate(
              { name },
              {
                onSuccess: (created) => {
                  setFresh({ name: created.token.name, secret: created.secret });
                  setName("");
                },
              },
            );
          }}
        >
          <TextField label="Token name" name="name" value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Claude Desktop" required maxLength={80} error={errors.fields.name} className="flex-1" hideLabel />
          <Button type="submit" loading={create.isPending}>
            Create token
          </Button>
        </form>
        <ErrorText className="mt-3">{errors.form}</ErrorText>
        {fresh ? (
          <div data-testid="new-token" className="mt-4 space-y-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm dark:border-amber-800 dark:bg-amber-950/40">
            <p className="font-medium">Copy “{fresh.name}” now: it is shown only this once.</p>
            <div className="flex flex-wrap items-center gap-2">
              <code data-testid="new-token-secret" className="min-w-0 flex-1 rounded bg-white px-2 py-1 font-mono text-xs break-all select-all dark:bg-zinc-900">
                {fresh.secret}
              </code>
              <Button size="sm" variant="secondary" onClick={() => void copy(fresh.secret)}>
                Copy
              </Button>
            </div>
            <p className="text-xs text-zinc-700 dark:text-zinc-300">
              Send it as <code className="font-mono">Authorization: Bearer …</code> to <code className="font-mono">{endpoint}</code> (Streamable HTTP).
            </p>
          </div>
        ) : null}
        <InlineStatus className="mt-2">{status}</InlineStatus>
      </Card>

      <Card title="Your tokens" description="Revoke a token you no longer use; clients using it stop working at once.">
        <ErrorText className="mb-3">{revoke.error ? revoke.error.message : tokens.error ? "Your tokens could not be loaded." : null}</ErrorText>
        {(tokens.data ?? []).length === 0 ? (
          <EmptyState title="No tokens yet">Create one above for each MCP client you use.</EmptyState>
        ) : (
          <ul data-testid="mcp-tokens" className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {(tokens.data ?? []).map((t) => (
              <li key={t.id} data-testid="mcp-token" className="flex flex-wrap items-center gap-3 py-3 text-sm">
                <span className="font-medium">{t.name}</span>
                <span className="text-xs text-zinc-500 dark:text-zinc-400">
                  created {formatDateTime(t.createdAt)} · {t.lastUsedAt ? `last used ${formatDateTime(t.lastUsedAt)}` : "never used"}
                </span>
                <Button
                  size="sm"
                  variant="danger"
                  className="ml-auto"
                  loading={revoke.isPending && revoke.variables === t.id}
                  onClick={() => revoke.mutate(t.id, { onSuccess: () => setStatus(`“${t.name}” was revoked.`) })}
                  aria-label={`Revoke ${t.name}`}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

"use client";
/**
 * The workspace's outgoing webhook: approvals and verdicts as signed JSON, for
 * chat tools. The signing secret is shown once, when the URL is set.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { WebhookView } from "@/lib/outgoing-webhooks/schemas";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorText } from "@/components/ui/error-text";
import { TextField } from "@/components/ui/field";
import { fieldErrors } from "@/components/ui/field-errors";
import { fetchJson } from "@/components/ui/fetch-json";
import { useWorkspace } from "@/components/workspaces/workspace-context";
import { workspaceApi, workspaceKeys } from "@/components/workspaces/keys";

export function WebhookPanel({ initial }: Readonly<{ initial: WebhookView }>) {
  const { workspace } = useWorkspace();
  const queryClient = useQueryClient();
  const key = [...workspaceKeys.detail(workspace.slug), "webhook"];
  const view = useQuery({ queryKey: key, queryFn: () => fetchJson<WebhookView>(`${workspaceApi(workspace.slug)}/webhook`), initialData: initial });
  const [url, setUrl] = useState(initial.url ?? "");
  const [secret, setSecret] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (next: string | null) => fetchJson<{ url: string | null; secret: string | null }>(`${workspaceApi(workspace.slug)}/webhook`, { method: "PUT", json: { url: next } }),
    onSuccess: (result) => {
      setSecret(result.secret);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const errors = fieldErrors(save.error, ["url"]);

  return (
    <Card
      title="Outgoing webhook"
      description="Gatehouse POSTs JSON to this URL when an approval is requested or decided and when a review publishes a verdict. Each delivery is signed: X-Gatehouse-Signature is sha256=HMAC(secret, timestamp + '.' + body), with X-Gatehouse-Timestamp."
    >
      <form
        className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(url.trim() || null);
        }}
      >
        <TextField label="Webhook URL" name="webhook-url" type="url" placeholder="https://chat.example/hooks/gatehouse" value={url} onChange={(e) => setUrl(e.target.value)} error={errors.fields.url} />
        <Button type="submit" loading={save.isPending} className="sm:mt-6">
          Save
        </Button>
      </form>
      <ErrorText className="mt-3">{errors.form}</ErrorText>
      {secret ? (
        <p role="status" className="mt-3 rounded-md bg-emerald-50 p-3 text-sm dark:bg-emerald-950/40">
          Signing secret (shown once): <code data-testid="webhook-secret" className="font-mono text-xs break-all">{secret}</code>
        </p>
      ) : null}
      {view.data.url ? (
        <Button variant="secondary" className="mt-3" onClick={() => { setUrl(""); save.mutate(null); }}>
          Turn the webhook off
        </Button>
      ) : null}
      <h3 className="mt-6 text-sm font-semibold">Recent deliveries</h3>
      {view.data.recent.length === 0 ? (
        <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">None yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
          {view.data.recent.map((d) => (
            <li key={d.eventId} className="flex flex-wrap justify-between gap-2 py-1.5">
              <span className="font-mono text-xs">{d.type}</span>
              <span className={d.error ? "text-red-700 dark:text-red-400" : "text-emerald-800 dark:text-emerald-300"}>
                {d.error ?? `delivered (${d.status})`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

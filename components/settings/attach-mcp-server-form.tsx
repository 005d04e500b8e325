"use client";
/**
 * M7: attach an external MCP server, declaring each tool's tier and effect
 * classes — the declaration, not the server, is what the mode's surface, the
 * guard and the approval dial read; a tool left out is never offered (M8). Checked
 * with the same zod schema as the API before it is sent; the server's own
 * refusals (an address the operator does not allow, a name in use) show beside
 * the field or above the button.
 */
import { useId, useState } from "react";
import { attachMcpServerBody } from "@/lib/mcp-client/schemas";
import { EFFECT_CLASSES, TIERS, type EffectClass, type Tier } from "@/lib/modes/types";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { SelectField, TextField } from "@/components/ui/field";
import { fieldErrors } from "@/components/ui/field-errors";
import { useAttachMcpServer } from "./mcp-server-hooks";

interface ToolRow {
  key: number;
  name: string;
  tier: Tier;
  effects: EffectClass[];
}

const TIER_OPTIONS = TIERS.map((tier) => ({ value: tier, label: tier }));
const effectLabel = (effect: string) => effect.replaceAll("_", " ");

export function AttachMcpServerForm({ slug, onAttached }: Readonly<{ slug: string; onAttached?: (name: string) => void }>) {
  const attach = useAttachMcpServer(slug);
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [rows, setRows] = useState<ToolRow[]>([{ key: 0, name: "", tier: "read", effects: [] }]);
  const [nextKey, setNextKey] = useState(1);
  const [local, setLocal] = useState<{ fields: Record<string, string>; form: string | null }>({ fields: {}, form: null });
  const reported = fieldErrors(attach.error, ["name", "url", "tools"]);
  // The server names the field a refusal is about ("url: …" for an address the operator does not allow, "tools: …" for names that meet, M8).
  const prefixed = /^(url|tools): /.exec(reported.form ?? "");
  const server = prefixed ? { fields: { ...reported.fields, [prefixed[1]!]: reported.form!.slice(prefixed[0].length) }, form: null } : reported;
  const errors = { fields: { ...server.fields, ...local.fields }, form: local.form ?? server.form };
  const formId = useId();

  const update = (key: number, patch: Partial<ToolRow>) => setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const submit = () => {
    const named = rows.filter((row) => row.name.trim());
    const names = named.map((row) => row.name.trim());
    const duplicate = names.find((n, i) => names.indexOf(n) !== i);
    if (duplicate) {
      setLocal({ fields: { tools: `The tool "${duplicate}" is declared twice.` }, form: null });
      return;
    }
    const body = { name: name.trim(), url: url.trim(), tools: Object.fromEntries(named.map((row) => [row.name.trim(), { tier: row.tier, effects: row.effects }])) };
    const parsed = attachMcpServerBody.safeParse(body);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "form")] ??= issue.message;
      const { form = null, ...rest } = fields;
      setLocal({ fields: rest, form });
      return;
    }
    setLocal({ fields: {}, form: null });
    attach.mutate(body, {
      onSuccess: (attached) => {
        setName("");
        setUrl("");
        setRows([{ key: nextKey, name: "", tier: "read", effects: [] }]);
        setNextKey((k) => k + 1);
        onAttached?.(attached.name);
      },
    });
  };

  return (
    <form
      id={formId}
      aria-label="Attach an MCP server"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <TextField label="Server name" name="mcp-name" placeholder="notes" value={name} onChange={(e) => setName(e.target.value)} error={errors.fields.name} hint="Its tools become mcp_<name>_<tool> (a name with other characters, or too long, gets a short suffix of its own)." />
        <TextField label="Server URL" name="mcp-url" type="url" placeholder="https://mcp.example/mcp" value={url} onChange={(e) => setUrl(e.target.value)} error={errors.fields.url} hint="Streamable HTTP. Loopback and private addresses only where the operator allows them." />
      </div>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Declared tools</legend>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          What each tool may do decides which modes offer it: a write-tier tool is absent from Plan and Review. Only declared tools are offered to agents: one the server offers but you do not declare never runs.
        </p>
        {rows.map((row, index) => (
          <div key={row.key} data-testid="mcp-tool-row" className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
            <div className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
              <TextField label={`Tool ${index + 1} name`} value={row.name} placeholder="lookup" onChange={(e) => update(row.key, { name: e.target.value })} />
              <SelectField label={`Tool ${index + 1} tier`} value={row.tier} options={TIER_OPTIONS} onChange={(e) => update(row.key, { tier: e.target.value as Tier })} />
              <Button type="button" variant="ghost" size="sm" disabled={rows.length === 1} onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
                Remove<span className="sr-only"> tool {index + 1}</span>
              </Button>
            </div>
            <details className="mt-2">
              <summary className="cursor-pointer text-xs font-medium text-zinc-600 dark:text-zinc-400">
                Effect classes{row.effects.length ? `: ${row.effects.map(effectLabel).join(", ")}` : " (none)"}
              </summary>
              <div role="group" aria-label={`Tool ${index + 1} effect classes`} className="mt-2 grid gap-1 sm:grid-cols-3">
                {EFFECT_CLASSES.map((effect) => (
                  <label key={effect} className="flex items-center gap-2 text-xs text-zinc-700 dark:text-zinc-300">
                    <input
                      type="checkbox"
                      checked={row.effects.includes(effect)}
                      onChange={(e) => update(row.key, { effects: e.target.checked ? [...row.effects, effect] : row.effects.filter((x) => x !== effect) })}
                    />
                    {effectLabel(effect)}
                  </label>
                ))}
              </div>
            </details>
          </div>
        ))}
        {errors.fields.tools ? <p className="text-xs font-medium text-red-600 dark:text-red-400">{errors.fields.tools}</p> : null}
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => {
            setRows((all) => [...all, { key: nextKey, name: "", tier: "read", effects: [] }]);
            setNextKey((k) => k + 1);
          }}
        >
          Add a tool
        </Button>
      </fieldset>

      <ErrorText>{errors.form}</ErrorText>
      <Button type="submit" loading={attach.isPending}>
        Attach server
      </Button>
    </form>
  );
}

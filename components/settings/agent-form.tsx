"use client";
/**
 * Creates or edits an agent. Sends every field, and the server checks the
 * whole agent (e.g. an OpenAI-compatible provider needs a base URL), so one
 * form serves both. The module allowlist is "no extra restriction" or an
 * explicit set of tools, grouped by tier.
 *
 * H4: the form says up front where the server's keys go. A base URL other
 * than the server's endpoint needs the agent's own key, which is written here
 * and never shown again (the agent only reports that it has one).
 */
import { useId, useState } from "react";
import type { AgentView, Provider } from "@/lib/agents/schemas";
import type { ServerEndpointsView } from "@/lib/models/server-endpoints";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { SelectField, TextAreaField, TextField } from "@/components/ui/field";
import { fieldErrors } from "@/components/ui/field-errors";
import { useWorkspace } from "@/components/workspaces/workspace-context";
import { useCreateAgent, useUpdateAgent } from "./agent-hooks";

export interface ToolOption {
  name: string;
  tier: string;
  description: string;
}

const PROVIDERS: { value: Provider; label: string }[] = [
  { value: "scripted", label: "Scripted (built in, no key needed)" },
  { value: "openai_compatible", label: "OpenAI-compatible (Ollama, vLLM, OpenAI…)" },
  { value: "anthropic", label: "Anthropic" },
];

const FIELDS = ["name", "provider", "model", "baseUrl", "apiKey", "moduleAllowlist", "script"];

/** Same comparison as the server's, loosely: trailing slashes do not matter. */
function sameUrl(a: string, b: string): boolean {
  return a.trim().replace(/\/+$/, "") === b.trim().replace(/\/+$/, "");
}

/** What the form says about keys for this provider and base URL, before anything is saved. */
function keyHint(provider: Exclude<Provider, "scripted">, baseUrl: string, endpoints: ServerEndpointsView): string {
  const server = endpoints[provider];
  const name = provider === "anthropic" ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY";
  const usesServer = baseUrl.trim() === "" ? provider === "anthropic" : sameUrl(baseUrl, server.baseUrl);
  if (usesServer) {
    return server.hasKey
      ? `This is the server's endpoint: without a key of its own the agent uses the server's ${name}.`
      : `This is the server's endpoint, but the server has no ${name}: give the agent a key.`;
  }
  return provider === "anthropic"
    ? `The server's ${name} is sent only to ${server.baseUrl}; for this base URL the agent needs its own key, or its runs stop with a message.`
    : `The server's ${name} is sent only to ${server.baseUrl}; for this base URL give the agent its own key (a local server such as Ollama needs none).`;
}

export function AgentForm({
  tools,
  endpoints,
  agent,
  onSaved,
  onCancel,
}: Readonly<{ tools: ToolOption[]; endpoints: ServerEndpointsView; agent?: AgentView; onSaved: (agent: AgentView) => void; onCancel?: () => void }>) {
  const { workspace } = useWorkspace();
  const create = useCreateAgent(workspace.slug);
  const update = useUpdateAgent(workspace.slug);
  const mutation = agent ? update : create;
  const id = useId();
  const [name, setName] = useState(agent?.name ?? "");
  const [provider, setProvider] = useState<Provider>(agent?.provider ?? "scripted");
  const [model, setModel] = useState(agent?.model ?? "");
  const [baseUrl, setBaseUrl] = useState(agent?.baseUrl ?? "");
  // Write-only: empty means "keep the stored key" when editing, "none" when adding.
  const [apiKey, setApiKey] = useState("");
  const [removeKey, setRemoveKey] = useState(false);
  const [restrict, setRestrict] = useState(agent ? agent.moduleAllowlist !== null : false);
  const [allowed, setAllowed] = useState<Set<string>>(new Set(agent?.moduleAllowlist ?? []));
  const [script, setScript] = useState(agent?.script ? JSON.stringify(agent.script, null, 2) : "");
  const [scriptError, setScriptError] = useState<string | null>(null);
  const errors = fieldErrors(mutation.error, FIELDS);
  const tiers = [...new Set(tools.map((t) => t.tier))];

  function submit() {
    let parsedScript: unknown = null;
    if (provider === "scripted" && script.trim() !== "") {
      try {
        parsedScript = JSON.parse(script);
      } catch (error) {
        setScriptError(`The script is not valid JSON: ${(error as Error).message}`);
        return;
      }
    }
    setScriptError(null);
    const body = {
      name,
      provider,
      model: model.trim() === "" ? null : model,
      baseUrl: provider === "scripted" ? null : baseUrl,
      ...(provider !== "scripted" && apiKey.trim() !== "" ? { apiKey } : removeKey || (provider === "scripted" && agent?.hasApiKey) ? { apiKey: null } : {}),
      moduleAllowlist: restrict ? [...allowed] : null,
      script: parsedScript as AgentView["script"],
    };
    const done = {
      onSuccess: (saved: AgentView) => {
        setApiKey("");
        setRemoveKey(false);
        if (!agent) {
          setName("");
          setProvider("scripted");
          setModel("");
          setBaseUrl("");
          setRestrict(false);
          setAllowed(new Set());
          setScript("");
        }
        onSaved(saved);
      },
    };
    if (agent) update.mutate({ agentId: agent.id, patch: body }, done);
    else create.mutate(body, done);
  }

  function toggle(tool: string, on: boolean) {
    setAllowed((current) => {
      const next = new Set(current);
      if (on) next.add(tool);
      else next.delete(tool);
      return next;
    });
  }

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" name="name" required maxLength={60} value={name} onChange={(e) => setName(e.target.value)} error={errors.fields.name} />
        <SelectField
          label="Provider"
          name="provider"
          value={provider}
          onChange={(e) => setProvider(e.target.value as Provider)}
          options={PROVIDERS}
          error={errors.fields.provider}
        />
        <TextField
          label="Model"
          name="model"
          value={model}
          onChange={(e) => setModel(e.target.value)}
          placeholder={provider === "scripted" ? "scripted" : provider === "anthropic" ? "claude-sonnet-4-5" : "llama3.1"}
          required={provider !== "scripted"}
          error={errors.fields.model}
        />
        {provider !== "scripted" ? (
          <TextField
            label={provider === "anthropic" ? "Base URL (optional)" : "Base URL"}
            name="baseUrl"
            type="url"
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.target.value)}
            placeholder={provider === "anthropic" ? "https://api.anthropic.com/v1" : "http://localhost:11434/v1"}
            required={provider === "openai_compatible"}
            hint="Loopback and private addresses (localhost, 10.x, 192.168.x…) work only where the operator allows them (GATEHOUSE_ALLOWED_MODEL_HOSTS)."
            error={errors.fields.baseUrl}
          />
        ) : null}
        {provider !== "scripted" ? (
          <div className="space-y-2 sm:col-span-2">
            <TextField
              label={agent?.hasApiKey ? "API key (stored; type a new one to replace it)" : "API key (optional)"}
              name="apiKey"
              type="password"
              autoComplete="off"
              value={apiKey}
              onChange={(e) => setApiKey(e.target.value)}
              hint={`${keyHint(provider, baseUrl, endpoints)} Changing the provider or base URL forgets a stored key unless you give a new one.`}
              error={errors.fields.apiKey}
            />
            {agent?.hasApiKey ? (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={removeKey} onChange={(e) => setRemoveKey(e.target.checked)} />
                Remove the stored key
              </label>
            ) : null}
          </div>
        ) : null}
      </div>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Module allowlist</legend>
        <div className="flex flex-col gap-1 text-sm sm:flex-row sm:gap-6">
          <label className="flex items-center gap-2">
            <input type="radio" name={`${id}-restrict`} checked={!restrict} onChange={() => setRestrict(false)} />
            No extra restriction
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name={`${id}-restrict`} checked={restrict} onChange={() => setRestrict(true)} />
            Only the tools checked below
          </label>
        </div>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          The room&apos;s mode still decides what exists; this list can only narrow it. ask_user and todo_write are always available.
        </p>
        {restrict ? (
          <div className="grid gap-3 sm:grid-cols-2">
            {tiers.map((tier) => (
              <fieldset key={tier} className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
                <legend className="px-1 text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">{tier} tier</legend>
                <ul className="space-y-1">
                  {tools
                    .filter((t) => t.tier === tier)
                    .map((tool) => (
                      <li key={tool.name}>
                        <label className="flex items-start gap-2 text-sm" title={tool.description}>
                          <input
                            type="checkbox"
                            className="mt-0.5"
                            checked={allowed.has(tool.name)}
                            onChange={(e) => toggle(tool.name, e.target.checked)}
                          />
                          <span className="font-mono">{tool.name}</span>
                        </label>
                      </li>
                    ))}
                </ul>
              </fieldset>
            ))}
          </div>
        ) : null}
        {errors.fields.moduleAllowlist ? (
          <p className="text-xs font-medium text-red-600 dark:text-red-400">{errors.fields.moduleAllowlist}</p>
        ) : null}
      </fieldset>

      {provider === "scripted" ? (
        <TextAreaField
          label="Script (optional JSON)"
          name="script"
          rows={6}
          value={script}
          onChange={(e) => setScript(e.target.value)}
          placeholder={'{ "scenarios": [{ "when": "hello", "steps": [{ "text": "Hi!" }] }] }'}
          hint="Scenarios the scripted model plays back. Empty: every turn answers with a short text."
          error={scriptError ?? errors.fields.script}
          spellCheck={false}
        />
      ) : null}

      <ErrorText>{errors.form}</ErrorText>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={mutation.isPending}>
          {agent ? "Save agent" : "Add agent"}
        </Button>
      </div>
    </form>
  );
}

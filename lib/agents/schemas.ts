/**
 * Agent bodies and the view the browser gets. An agent names its model
 * (provider, model, base URL, and optionally its own API key — H4: the
 * server's keys go only to the endpoints the operator configured them for, so
 * another base URL needs a key of its own; the key is written, never read back)
 * and its module allowlist (X3: the agent's share of the surface intersection;
 * null = no extra restriction, [] = only what is pinned). The same schema
 * checks a new agent and an edited one after the edit is applied.
 */
import { z } from "zod";
import { scriptSchema, type Script } from "../models/script";
import { TOOL_SPECS } from "../tools/registry";
import { agentAllowlistOf } from "../modes/agent-allowlist";

export const PROVIDERS = ["scripted", "openai_compatible", "anthropic"] as const;
export type Provider = (typeof PROVIDERS)[number];

/** T1–T4: how the agent's turns run — Gatehouse's own harness, or the Claude Code CLI under Gatehouse's gate. */
export const AGENT_TRANSPORTS = ["built-in", "claude-code"] as const;
export type AgentTransport = (typeof AGENT_TRANSPORTS)[number];

const TOOL_NAMES = new Set(TOOL_SPECS.map((tool) => tool.name));

const blankToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

/** X3: only tools Gatehouse has; a typo would otherwise silently remove a tool from the agent. */
const moduleAllowlist = z
  .array(z.string().trim().min(1).max(100))
  .max(200, "List at most 200 tools.")
  .superRefine((names, ctx) => {
    names.forEach((name, index) => {
      if (!TOOL_NAMES.has(name)) {
        ctx.addIssue({ code: "custom", path: [index], message: `"${name.slice(0, 80)}" is not a Gatehouse tool.` });
      }
    });
  })
  .transform((names) => [...new Set(names)].sort());

const agentFields = z.object({
  name: z.string().trim().min(1, "Give the agent a name.").max(60, "Use at most 60 characters."),
  provider: z.enum(PROVIDERS, { message: "Pick scripted, openai_compatible or anthropic." }),
  model: z.preprocess(blankToNull, z.string().trim().max(200, "Use at most 200 characters.").nullable()),
  baseUrl: z.preprocess(
    blankToNull,
    z.url({ protocol: /^https?$/, message: "Use an http:// or https:// URL, e.g. http://localhost:11434/v1." }).max(2048).nullable(),
  ),
  /** write-only: null or "" removes the agent's own key */
  apiKey: z.preprocess(blankToNull, z.string().trim().min(8, "That is too short to be an API key.").max(1000).nullable()),
  moduleAllowlist: moduleAllowlist.nullable(),
  script: scriptSchema.nullable(),
  transport: z.enum(AGENT_TRANSPORTS, { message: "Pick built-in or claude-code." }),
});

/** The checks that involve several fields: what each provider needs and refuses. */
function checkProviderFields(agent: z.infer<typeof agentFields>, ctx: z.RefinementCtx): void {
  if (agent.provider !== "scripted" && !agent.model) {
    ctx.addIssue({ code: "custom", path: ["model"], message: "Name the model, e.g. llama3.1 or claude-sonnet-4-5." });
  }
  if (agent.provider === "openai_compatible" && !agent.baseUrl) {
    ctx.addIssue({ code: "custom", path: ["baseUrl"], message: "An OpenAI-compatible provider needs a base URL, e.g. http://localhost:11434/v1." });
  }
  if (agent.provider === "scripted" && agent.baseUrl) {
    ctx.addIssue({ code: "custom", path: ["baseUrl"], message: "The scripted model runs inside Gatehouse and takes no base URL." });
  }
  if (agent.provider === "scripted" && agent.apiKey) {
    ctx.addIssue({ code: "custom", path: ["apiKey"], message: "The scripted model runs inside Gatehouse and needs no key." });
  }
  if (agent.transport === "claude-code" && agent.provider !== "anthropic") {
    ctx.addIssue({ code: "custom", path: ["transport"], message: "The Claude Code transport speaks the Anthropic API: pick the anthropic provider." });
  }
  if (agent.provider !== "scripted" && agent.script) {
    ctx.addIssue({ code: "custom", path: ["script"], message: "Only the scripted provider plays a script." });
  }
}

export const createAgentBody = agentFields
  .extend({
    model: agentFields.shape.model.optional(),
    baseUrl: agentFields.shape.baseUrl.optional(),
    apiKey: agentFields.shape.apiKey.optional(),
    moduleAllowlist: agentFields.shape.moduleAllowlist.optional(),
    script: agentFields.shape.script.optional(),
    transport: agentFields.shape.transport.optional(),
  })
  .transform((agent) => ({
    ...agent,
    model: agent.model ?? (agent.provider === "scripted" ? "scripted" : null),
    baseUrl: agent.baseUrl ?? null,
    apiKey: agent.apiKey ?? null,
    moduleAllowlist: agent.moduleAllowlist ?? null,
    script: agent.script ?? null,
    transport: agent.transport ?? "built-in",
  }))
  .superRefine(checkProviderFields);

export type CreateAgentBody = z.input<typeof createAgentBody>;
export type AgentConfig = z.output<typeof createAgentBody>;

export const updateAgentBody = agentFields
  .partial()
  .extend({
    /** true archives the agent (out of lists and pickers, no runs), false restores it */
    archived: z.boolean({ error: "archived is true or false" }).optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), "Change at least one field.");

export type UpdateAgentBody = z.input<typeof updateAgentBody>;

/** GET agents: `archived=1` lists the archived agents instead of the active ones. */
export const agentListQuery = z.object({ archived: z.enum(["0", "1"], { error: "archived is 0 or 1" }).optional() });

export interface AgentView {
  id: string;
  name: string;
  provider: Provider;
  model: string;
  baseUrl: string | null;
  /** H4: whether the agent carries its own key (the key itself never leaves the server) */
  hasApiKey: boolean;
  /** X3: null = no extra restriction; a list (possibly empty) = only these beyond the pinned tools */
  moduleAllowlist: string[] | null;
  script: Script | null;
  transport: AgentTransport;
  /** archived: out of lists and pickers, starts no runs (null = active) */
  archivedAt: string | null;
  createdAt: string;
}

export const agentSelect = {
  id: true,
  name: true,
  provider: true,
  model: true,
  baseUrl: true,
  apiKey: true,
  moduleAllowlist: true,
  restrictModules: true,
  script: true,
  transport: true,
  archivedAt: true,
  createdAt: true,
} as const;

export function toAgentView(row: {
  id: string;
  name: string;
  provider: Provider;
  model: string;
  baseUrl: string | null;
  apiKey: string | null;
  moduleAllowlist: string[];
  restrictModules: boolean;
  script: unknown;
  transport: string;
  archivedAt: Date | null;
  createdAt: Date;
}): AgentView {
  return {
    id: row.id,
    name: row.name,
    provider: row.provider,
    model: row.model,
    baseUrl: row.baseUrl,
    hasApiKey: row.apiKey !== null,
    moduleAllowlist: agentAllowlistOf(row) === null ? null : row.moduleAllowlist,
    // A stored script this build cannot read shows as none (the run itself refuses it with the reason).
    script: row.script === null ? null : (scriptSchema.safeParse(row.script).data ?? null),
    transport: row.transport === "claude-code" ? "claude-code" : "built-in",
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

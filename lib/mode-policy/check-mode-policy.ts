/**
 * X1, G7: the one validation of a declared policy, wherever it comes from (the
 * settings form, the API, a repository's gatehouse.modes.json): the zod schema,
 * then the registry checks. Issues carry field paths so a form can show each
 * beside its field.
 */
import { ZodError } from "zod";
import { modePolicySchema, registryIssues, type ModePolicy } from "../modes/declared";
import { TOOL_SPECS } from "../tools/registry";

export type PolicyIssue = { path: PropertyKey[]; message: string };
export type PolicyCheck = { ok: true; policy: ModePolicy } | { ok: false; issues: PolicyIssue[] };

export function checkModePolicy(input: unknown): PolicyCheck {
  const parsed = modePolicySchema.safeParse(input);
  if (!parsed.success) return { ok: false, issues: parsed.error.issues.map((i) => ({ path: i.path, message: i.message })) };
  const issues = registryIssues(parsed.data, TOOL_SPECS.map((t) => t.name));
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, policy: parsed.data };
}

/** The checked policy, or a zod error (→ 400 with each bad field's path, like every other body). */
export function parseModePolicy(input: unknown): ModePolicy {
  const checked = checkModePolicy(input);
  if (checked.ok) return checked.policy;
  throw new ZodError(checked.issues.map((i) => ({ code: "custom" as const, path: i.path, message: i.message, input: undefined })));
}

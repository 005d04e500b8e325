/**
 * T4: every call the Claude Code CLI is about to make passes Gatehouse's guard
 * first. Pure: the same surface and guard the built-in harness uses decide,
 * through the Gatehouse tool whose place the Claude tool takes, and file tools
 * must name paths inside the room's worktree (H2, checked on the text of the
 * path — the CLI opens it itself, which is why outside the sandbox this
 * transport is a convention, not a boundary). The reason goes back to the CLI
 * (and so to the model) word for word.
 */
import path from "node:path";
import { guardCall, NOT_AVAILABLE, type GuardDecision } from "../../modes/guard";
import type { Surface } from "../../modes/surface";
import { gatehouseToolFor, NEEDS_SANDBOX, NEVER_LOADED, PATH_ARGUMENTS } from "./tool-map";

/** The guard's decision, with the Gatehouse tool it was made for (null: no counterpart). */
export type ClaudeCallDecision = GuardDecision & { gatehouseTool: string | null };

export interface GateOptions {
  sandboxed: boolean;
  /** absolute path of the room's worktree */
  worktree: string;
}

function outsideWorktree(claudeTool: string, input: unknown, worktree: string): string | null {
  const args = (input ?? {}) as Record<string, unknown>;
  for (const key of PATH_ARGUMENTS[claudeTool] ?? []) {
    const value = args[key];
    if (value === undefined) continue;
    if (typeof value !== "string") return `${key} is not a path`;
    const resolved = path.resolve(worktree, value);
    if (resolved !== worktree && !resolved.startsWith(worktree + path.sep)) return `${key} ${value} lies outside the room's worktree`;
  }
  return null;
}

export function gateClaudeCall(surface: Surface, claudeTool: string, input: unknown, options: GateOptions): ClaudeCallDecision {
  const gatehouseTool = gatehouseToolFor(claudeTool);
  const deny = (rule: string, reason: string): ClaudeCallDecision => ({ decision: "deny", rule, reason, gatehouseTool });
  if (!gatehouseTool) return deny("T3", `${claudeTool} is ${NOT_AVAILABLE}: Gatehouse loads only its surface's tools, and ${claudeTool} has no place on it`);
  const never = NEVER_LOADED.get(claudeTool);
  if (never) return deny("T4", `${claudeTool} is ${NOT_AVAILABLE} on the Claude Code transport: ${never}`);
  if (NEEDS_SANDBOX.has(claudeTool) && !options.sandboxed) {
    return deny("T4", `${claudeTool} is ${NOT_AVAILABLE}: this server cannot run the CLI in the sandbox, and nothing a model controls runs on the host outside it (H1)`);
  }
  const decision = guardCall(surface, gatehouseTool);
  if (decision.decision === "deny") return { ...decision, gatehouseTool };
  const outside = outsideWorktree(claudeTool, input, options.worktree);
  if (outside) return deny("H2", `${claudeTool} refused: ${outside}`);
  return { ...decision, gatehouseTool };
}

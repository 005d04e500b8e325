import type { z } from "zod";
import type { Mode, ToolSpec, WorktreePosture } from "../modes/types";
import type { WorktreeGit } from "../repos/worktree-git";
import type { ToolServices } from "./services";

/** Everything a tool may touch while it executes. Built by the harness per call. */
export interface ToolContext {
  workspaceId: string;
  roomId: string | null;
  runId: string;
  /** A6: the id of the call being executed (a sub-agent answers exactly this call) */
  callId?: string;
  /** mode resolved for this turn (S4) */
  mode: Mode;
  /** absolute path of the room's git worktree, or null when the room has none */
  worktree: string | null;
  /**
   * H2: the worktree's git directory and mirror, from Gatehouse's records (the room's
   * repository and worktree path) — git tools and the sandbox's mounts use these,
   * never the worktree's own `.git`. Null when the room has no repository worktree.
   */
  git: WorktreeGit | null;
  /** projection of the mode's profile (M5); run_command mounts by it */
  posture: WorktreePosture;
  /** domain operations backed by the database (plans, reviews, tickets, …) */
  services: ToolServices;
  signal: AbortSignal;
}

/**
 * What a tool returns. `output` goes back to the model as the tool result.
 * `suspend` parks the run durably until a person answers (ask_user) or
 * decides (a widening change_mode), or a sub-agent ends.
 */
export type ToolOutcome =
  | { output: unknown; isError?: boolean }
  | { suspend: { kind: "question"; prompt: string } }
  /** A6: parked until the sub-agent's run ends; its result becomes this call's */
  | { suspend: { kind: "subagent"; childRunId: string; task: string } }
  /** G6, X4: parked until a person decides this approval; the decision writes this call's result */
  | { suspend: { kind: "approval"; approvalId: string } };

/** One tool: its static spec (for every projection), its input schema and its work. */
export interface ToolDefinition<Input = unknown> extends ToolSpec {
  input: z.ZodType<Input>;
  execute(args: Input, ctx: ToolContext): Promise<ToolOutcome>;
}

/** A failure the model should read and can act on; declared in lib/errors so domain operations can throw it. */
export { ToolError } from "../errors/tool-error";

/** Test support: a ToolContext for a worktree, and "parse then execute" like the harness. */
import { postureOf } from "../modes/posture";
import { profileOf } from "../modes/profiles";
import type { Mode } from "../modes/types";
import { recordedGit } from "../repos/git.test-support";
import { noRoomServices } from "./services";
import type { ToolContext, ToolDefinition, ToolOutcome } from "./types";

export function toolContext(worktree: string | null, mode: Mode = "chat", overrides: Partial<ToolContext> = {}): ToolContext {
  return {
    workspaceId: "ws-test",
    roomId: "room-test",
    runId: "run-test",
    mode,
    worktree,
    git: recordedGit(worktree),
    posture: postureOf(profileOf(mode)),
    services: noRoomServices,
    signal: new AbortController().signal,
    ...overrides,
  };
}

/** Validates `args` with the tool's schema (throws on bad input), then executes. */
export async function callTool<I>(tool: ToolDefinition<I>, args: unknown, ctx: ToolContext): Promise<ToolOutcome> {
  return tool.execute(tool.input.parse(args), ctx);
}

/** The text a tool returned (fails loudly on a suspend). */
export function outputOf(outcome: ToolOutcome): string {
  if (!("output" in outcome)) throw new Error("tool suspended instead of returning output");
  return String(outcome.output);
}

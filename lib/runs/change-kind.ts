/**
 * Whether a run changed anything, read from the tool calls it executed (their
 * effect classes, M3): a commit or a file written/deleted in the worktree is
 * a change; a process it started may have changed files it never committed;
 * anything else changed nothing. A ticket or run that says "Succeeded" is
 * shown beside this, so success without a change says so. Pure.
 */
import { WORKTREE_EFFECTS } from "../modes/types";
export type ChangeKind = "changed" | "commands_only" | "none";

const CHANGING = new Set<string>(["commit", ...WORKTREE_EFFECTS]);

export function changeKind(calls: readonly { effects: readonly string[]; status: string }[]): ChangeKind {
  const executed = calls.filter((c) => c.status === "executed");
  if (executed.some((c) => c.effects.some((e) => CHANGING.has(e)))) return "changed";
  if (executed.some((c) => c.effects.includes("start_process"))) return "commands_only";
  return "none";
}

/** The commit a git_commit call reports ("Committed <sha>: subject"), from its stored result. */
export function committedSha(result: unknown): string | null {
  const text = typeof result === "string" ? result : JSON.stringify(result ?? "");
  return /Committed ([0-9a-f]{40})\b/.exec(text)?.[1] ?? null;
}

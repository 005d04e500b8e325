/**
 * Where a tool may touch: a model-supplied path names something inside the
 * room's worktree or is refused. Refused: absolute paths, NUL bytes, `..` that
 * leads above the root, anything inside `.git` (in any letter case), and
 * symbolic links (the last component or any directory on the way) that lead
 * outside the worktree or nowhere.
 *
 * The lexical checks are tool-path.ts; the walk that applies the rest to the
 * real tree without a check-then-open race (H2) is resolve-in-worktree.ts, and
 * every file tool reads and writes through the directory handle it returns.
 */
import path from "node:path";
import { resolveInWorktree } from "./resolve-in-worktree";
import type { ConfineOptions } from "./tool-path";
import { ToolError, type ToolContext } from "./types";

export type { ConfineOptions };

/** The room's worktree, or a clear refusal when the room has none. */
export function requireWorktree(ctx: ToolContext): string {
  if (!ctx.worktree) throw new ToolError("This room has no git worktree, so there are no files to work on.");
  return ctx.worktree;
}

/**
 * A third copy of M5 beside the surface and the mount: a mutating tool that
 * somehow ran in a read-only mode still refuses.
 */
export function requireWritableWorktree(ctx: ToolContext): string {
  const worktree = requireWorktree(ctx);
  if (ctx.posture !== "read-write") throw new ToolError(`The worktree is read-only in ${ctx.mode} mode; files cannot be changed here.`);
  return worktree;
}

export interface ConfinedPath {
  /** the worktree's real path */
  root: string;
  /** normalized path relative to the root ("" is the root itself), as the model named it */
  relative: string;
  /** where it resolves (links followed); for messages and git pathspecs, never to open by name */
  target: string;
  /** something exists there */
  exists: boolean;
}

/**
 * Checks a path for tools that hand it to git as a pathspec (git_diff,
 * git_commit, grep): it must name something inside the worktree right now.
 * The file tools do not use this; they keep the directory handle instead.
 */
export async function confinePath(worktree: string, input: string, options: ConfineOptions = {}): Promise<ConfinedPath> {
  const at = await resolveInWorktree(worktree, input, { allowRoot: options.allowRoot, followLast: true });
  await at.close();
  return { root: at.root, relative: at.relative, target: path.join(at.root, at.resolved), exists: at.kind !== "missing" };
}

/**
 * Where a tool may touch: a model-supplied path is resolved inside the room's
 * worktree or refused. Refused: absolute paths, NUL bytes, `..` that leads
 * above the root, anything inside `.git`, and symbolic links (the last
 * component or any parent directory) that resolve outside the worktree. The
 * check uses the realpath of the nearest existing ancestor, so a path that does
 * not exist yet is judged by where it would be created.
 */
import { lstat, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { ToolError, type ToolContext } from "./types";

export interface ConfinedPath {
  /** the worktree's real path */
  root: string;
  /** normalized path relative to the root ("" is the root itself), as the model named it */
  relative: string;
  /** parent directories resolved, last component as-is (delete this, not a link's target) */
  path: string;
  /** fully resolved (read and write this) */
  target: string;
  /** something exists at `target` */
  exists: boolean;
}

export interface ConfineOptions {
  /** the empty path or "." names the worktree root (list_dir, grep) */
  allowRoot?: boolean;
}

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

function escapes(input: string, why: string): ToolError {
  return new ToolError(`path escapes the worktree: "${input.slice(0, 200)}" ${why}. Give a path relative to the worktree root.`);
}

function insideGit(input: string): ToolError {
  return new ToolError(`path is inside .git: "${input.slice(0, 200)}". The repository's internals are off limits; use the git tools.`);
}

function hasGitSegment(relative: string): boolean {
  // Case-insensitive: on a case-insensitive file system ".GIT" is the same directory.
  return relative.split(/[\\/]/).some((part) => part.toLowerCase() === ".git");
}

function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root + path.sep);
}

/** Real path of `absolute`, following every symlink that exists, keeping the missing tail. */
async function resolveExisting(absolute: string, root: string, input: string): Promise<{ resolved: string; exists: boolean }> {
  const tail: string[] = [];
  let current = absolute;
  for (;;) {
    try {
      const real = await realpath(current);
      if (tail.length > 0 && !(await stat(real)).isDirectory()) {
        throw new ToolError(`"${input}": ${path.relative(root, current)} is a file, not a directory`);
      }
      return { resolved: path.join(real, ...tail), exists: tail.length === 0 };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") throw new ToolError(`cannot resolve "${input}": ${code ?? (err as Error).message}`);
      // Exists but cannot be resolved: a dangling symlink. Its target could be
      // anywhere, and writing through it would create that target.
      const info = await lstat(current).catch(() => null);
      if (info?.isSymbolicLink()) throw escapes(input, "is or passes through a symbolic link whose target does not exist");
      if (current === root || path.dirname(current) === current) throw new ToolError(`the worktree no longer exists`);
      tail.unshift(path.basename(current));
      current = path.dirname(current);
    }
  }
}

export async function confinePath(worktree: string, input: string, options: ConfineOptions = {}): Promise<ConfinedPath> {
  if (input.includes("\0")) throw new ToolError("path contains a NUL byte");
  if (path.isAbsolute(input)) throw escapes(input, "is absolute");
  const normalized = path.posix.normalize(input.trim() === "" ? "." : input).replace(/\/+$/, "");
  if (normalized === ".." || normalized.startsWith("../")) throw escapes(input, "leads above the worktree root");
  const relative = normalized === "." || normalized === "" ? "" : normalized;
  if (relative === "" && !options.allowRoot) throw new ToolError("a file path is required, not the worktree root");
  if (hasGitSegment(relative)) throw insideGit(input);

  const root = await realpath(worktree).catch(() => {
    throw new ToolError("the worktree no longer exists");
  });
  const lexical = path.join(root, relative);

  const full = await resolveExisting(lexical, root, input);
  if (!isInside(root, full.resolved)) throw escapes(input, "resolves through a symbolic link to a location outside the worktree");
  if (hasGitSegment(path.relative(root, full.resolved))) throw insideGit(input);

  // The same check for the containing directory gives the path to unlink: the
  // link itself, never where it points.
  const parent = relative === "" ? { resolved: root } : await resolveExisting(path.dirname(lexical), root, input);
  if (!isInside(root, parent.resolved)) throw escapes(input, "resolves through a symbolic link to a location outside the worktree");
  const own = relative === "" ? root : path.join(parent.resolved, path.basename(lexical));

  return { root, relative, path: own, target: full.resolved, exists: full.exists };
}

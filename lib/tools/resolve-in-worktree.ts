/**
 * Resolves a model-supplied path inside the worktree without a
 * check-then-open race (H2). The walk starts at an open handle on the worktree
 * root and opens one component at a time from the directory before it, never
 * following a link by itself (worktree-dir.ts). A symbolic link met on the way
 * is read and its target walked the same way: `..` steps back to the handle it
 * came from (never above the root), an absolute target must lie inside the
 * worktree and is walked again from the root handle. What the caller gets is
 * the open directory holding the entry and the entry's name in it, so the
 * operation that follows touches exactly what was checked, whatever the agent
 * renames or swaps meanwhile: a directory swapped for a link after the walk
 * opened it is still the directory the handle holds.
 *
 * Links that stay inside keep working (read or write through `alias.ts ->
 * src/util.ts`); links that lead outside, into `.git` or nowhere are refused
 * with the same messages as before.
 */
import "server-only";
import type { Stats } from "node:fs";
import { lstat, mkdir, readlink, realpath } from "node:fs/promises";
import path from "node:path";
import { escapes, insideGit, isGitName, parseToolPath, type ConfineOptions } from "./tool-path";
import { ToolError } from "./types";
import { closeDir, entryPath, openDirAt, openRoot, type Dir } from "./worktree-dir";

export type EntryKind = "file" | "directory" | "symlink" | "other" | "missing";

export interface Owner {
  uid: number;
  gid: number;
}

export interface ResolveOptions extends ConfineOptions {
  /** follow a link in the last component (read, write, edit, list); delete removes the link itself */
  followLast: boolean;
  /** open the last component as a directory (list_dir, glob): `name` is then "" */
  directory?: boolean;
  /** create missing directories on the way (write_file); `chown`: hand each to the worktree root's owner */
  createDirs?: { chown: boolean };
}

export interface InWorktree {
  /** the worktree's real path */
  root: string;
  /** normalized path relative to the root, as the model named it ("" = the root) */
  relative: string;
  /** where it resolved, relative to the root, links followed ("" = the root) */
  resolved: string;
  /** the open directory that holds the entry */
  parent: Dir;
  /** the entry's name in `parent`; "" when the entry is `parent` itself */
  name: string;
  /** what was there during the walk; the operation re-checks on the handle it opens */
  kind: EntryKind;
  /** uid/gid of the worktree root: what the write tools create belongs to them */
  rootOwner(): Promise<Owner>;
  close(): Promise<void>;
}

/** Same as the kernel's limit: a cycle of links ends with a clear message. */
const MAX_LINKS = 40;
/** An entry that keeps changing type under the walk is someone racing it; give up rather than spin. */
const MAX_RETRIES = 64;

interface Step {
  name: string;
  /** came from a link's target: missing there means the link dangles */
  fromLink: boolean;
  /** this walk created the directory (write_file) */
  created?: boolean;
}

function errno(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException).code;
}

function kindOf(info: Stats): EntryKind {
  if (info.isFile()) return "file";
  if (info.isDirectory()) return "directory";
  if (info.isSymbolicLink()) return "symlink";
  return "other";
}

export async function resolveInWorktree(worktree: string, input: string, options: ResolveOptions): Promise<InWorktree> {
  const { relative, parts } = parseToolPath(input, options);
  const rootPath = await realpath(worktree).catch(() => {
    throw new ToolError("the worktree no longer exists");
  });
  const root = await openRoot(rootPath);
  const rootOwner = async (): Promise<Owner> => {
    const info = await root.handle.stat();
    return { uid: info.uid, gid: info.gid };
  };
  /** the directories walked so far, the root first; `names` are the ones below it */
  const stack: Dir[] = [root];
  const names: string[] = [];
  const queue: Step[] = parts.map((name) => ({ name, fromLink: false }));
  let links = 0;
  let retries = 0;

  const outside = () => escapes(input, "resolves through a symbolic link to a location outside the worktree");
  const dangling = () => escapes(input, "is or passes through a symbolic link whose target does not exist");
  const cannot = (err: unknown) => new ToolError(`cannot resolve "${input.slice(0, 200)}": ${errno(err) ?? (err as Error).message}`);
  const retry = (step: Step) => {
    if (++retries > MAX_RETRIES) throw new ToolError(`"${input.slice(0, 200)}" kept changing while it was being opened; try again`);
    queue.unshift(step);
  };

  /** Where an absolute link target lies inside the worktree, or null. */
  const insideRoot = (target: string): string | null => {
    const normalized = path.posix.normalize(target);
    for (const base of new Set([rootPath, path.resolve(worktree)])) {
      if (normalized === base) return "";
      if (normalized.startsWith(`${base}/`)) return normalized.slice(base.length + 1);
    }
    return null;
  };

  const follow = async (target: string): Promise<void> => {
    if (++links > MAX_LINKS) throw new ToolError(`"${input.slice(0, 200)}": too many levels of symbolic links`);
    let rest = target;
    if (path.posix.isAbsolute(target)) {
      const inside = insideRoot(target);
      if (inside === null) throw outside();
      while (stack.length > 1) await closeDir(stack.pop()!);
      names.length = 0;
      rest = inside;
    }
    const steps = rest.split("/").filter((part) => part !== "" && part !== ".");
    queue.unshift(...steps.map((name) => ({ name, fromLink: true })));
  };

  const finish = async (name: string, kind: EntryKind): Promise<InWorktree> => {
    const parent = stack[stack.length - 1]!;
    // A missing directory on the way: the rest of the path is where it would be.
    const rest = kind === "missing" ? queue.map((step) => step.name) : [];
    // Only the root (for its owner) and the parent stay open.
    for (const dir of stack.slice(1, -1)) await closeDir(dir);
    return {
      root: rootPath,
      relative,
      resolved: [...names, ...(name === "" ? [] : [name]), ...rest].join("/"),
      parent,
      name,
      kind,
      rootOwner,
      async close() {
        await closeDir(parent);
        if (parent !== root) await closeDir(root);
      },
    };
  };

  try {
    while (queue.length > 0) {
      const step = queue.shift()!;
      if (step.name === "..") {
        if (stack.length === 1) throw outside();
        await closeDir(stack.pop()!);
        names.pop();
        continue;
      }
      // Checked again here: a link's target can name .git too.
      if (isGitName(step.name)) throw insideGit(input);
      const parent = stack[stack.length - 1]!;
      const at = entryPath(parent, step.name);
      const last = queue.length === 0;

      if (last && !options.directory) {
        const info = await lstat(at).catch((err) => {
          if (errno(err) === "ENOENT") return null;
          throw cannot(err);
        });
        if (!info) {
          if (step.fromLink) throw dangling();
          return await finish(step.name, "missing");
        }
        if (info.isSymbolicLink() && options.followLast) {
          const target = await readlink(at).catch(() => null);
          if (target === null) retry(step);
          else await follow(target);
          continue;
        }
        return await finish(step.name, kindOf(info));
      }

      let dir: Dir;
      try {
        dir = await openDirAt(parent, step.name);
      } catch (err) {
        const code = errno(err);
        if (code === "ENOENT") {
          if (step.fromLink) throw dangling();
          if (options.createDirs && !last) {
            await mkdir(at, 0o755).catch((e) => {
              if (errno(e) !== "EEXIST") throw cannot(e);
            });
            retry({ ...step, created: true });
            continue;
          }
          return await finish(step.name, "missing");
        }
        if (code !== "ENOTDIR" && code !== "ELOOP") throw cannot(err);
        // Not a directory: a link to follow, or a file where a directory is needed.
        const target = await readlink(at).catch((e) => {
          if (errno(e) === "EINVAL") return false as const;
          if (errno(e) === "ENOENT") return null;
          throw cannot(e);
        });
        if (target === null) retry(step);
        else if (target !== false) await follow(target);
        else if (last) {
          const info = await lstat(at).catch(() => null);
          if (info?.isDirectory() || !info) retry(step);
          else return await finish(step.name, kindOf(info));
        } else {
          const info = await lstat(at).catch(() => null);
          if (info?.isDirectory() || !info) retry(step);
          else throw new ToolError(`"${input.slice(0, 200)}": ${[...names, step.name].join("/")} is a file, not a directory`);
        }
        continue;
      }
      stack.push(dir);
      names.push(step.name);
      if (step.created && options.createDirs?.chown) {
        const owner = await rootOwner();
        await dir.handle.chown(owner.uid, owner.gid);
      }
    }
    // The path is a directory: the root, or where a link's `..` led.
    return await finish("", "directory");
  } catch (err) {
    for (const dir of stack) await closeDir(dir);
    throw err;
  }
}

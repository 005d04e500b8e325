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
import { fchownSync, fstatSync, lstatSync, mkdirSync, readlinkSync, realpathSync, type Stats } from "node:fs";
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

/** A link's target; null when the entry is something else, undefined when it vanished. */
function readLinkAt(at: string): string | null | undefined {
  try {
    return readlinkSync(at);
  } catch (err) {
    if (errno(err) === "EINVAL") return null;
    if (errno(err) === "ENOENT") return undefined;
    throw new ToolError(`cannot read the link at ${path.basename(at)}: ${errno(err) ?? (err as Error).message}`);
  }
}

function lstatOrNull(at: string): Stats | null {
  try {
    return lstatSync(at);
  } catch {
    return null;
  }
}

function kindOf(info: Stats): EntryKind {
  if (info.isFile()) return "file";
  if (info.isDirectory()) return "directory";
  if (info.isSymbolicLink()) return "symlink";
  return "other";
}

export async function resolveInWorktree(worktree: string, input: string, options: ResolveOptions): Promise<InWorktree> {
  const { relative, parts } = parseToolPath(input, options);
  let rootPath: string;
  try {
    rootPath = realpathSync.native(worktree);
  } catch {
    throw new ToolError("the worktree no longer exists");
  }
  const root = openRoot(rootPath);
  const ownerOfRoot = (): Owner => {
    const info = fstatSync(root.fd);
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

  const follow = (target: string): void => {
    if (++links > MAX_LINKS) throw new ToolError(`"${input.slice(0, 200)}": too many levels of symbolic links`);
    let rest = target;
    if (path.posix.isAbsolute(target)) {
      const inside = insideRoot(target);
      if (inside === null) throw outside();
      while (stack.length > 1) closeDir(stack.pop()!);
      names.length = 0;
      rest = inside;
    }
    const steps = rest.split("/").filter((part) => part !== "" && part !== ".");
    queue.unshift(...steps.map((name) => ({ name, fromLink: true })));
  };

  const finish = (name: string, kind: EntryKind): InWorktree => {
    const parent = stack[stack.length - 1]!;
    // A missing directory on the way: the rest of the path is where it would be.
    const rest = kind === "missing" ? queue.map((step) => step.name) : [];
    // Only the root (for its owner) and the parent stay open.
    for (const dir of stack.slice(1, -1)) closeDir(dir);
    return {
      root: rootPath,
      relative,
      resolved: [...names, ...(name === "" ? [] : [name]), ...rest].join("/"),
      parent,
      name,
      kind,
      rootOwner: async () => ownerOfRoot(),
      async close() {
        closeDir(parent);
        if (parent !== root) closeDir(root);
      },
    };
  };

  try {
    while (queue.length > 0) {
      const step = queue.shift()!;
      if (step.name === "..") {
        if (stack.length === 1) throw outside();
        closeDir(stack.pop()!);
        names.pop();
        continue;
      }
      // Checked again here: a link's target can name .git too.
      if (isGitName(step.name)) throw insideGit(input);
      const parent = stack[stack.length - 1]!;
      const at = entryPath(parent, step.name);
      const last = queue.length === 0;

      if (last && !options.directory) {
        let info: Stats | null;
        try {
          info = lstatSync(at);
        } catch (err) {
          if (errno(err) !== "ENOENT") throw cannot(err);
          info = null;
        }
        if (!info) {
          if (step.fromLink) throw dangling();
          return finish(step.name, "missing");
        }
        if (info.isSymbolicLink() && options.followLast) {
          const target = readLinkAt(at);
          if (typeof target === "string") follow(target);
          else retry(step);
          continue;
        }
        return finish(step.name, kindOf(info));
      }

      let dir: Dir;
      try {
        dir = openDirAt(parent, step.name);
      } catch (err) {
        const code = errno(err);
        if (code === "ENOENT") {
          if (step.fromLink) throw dangling();
          if (options.createDirs && !last) {
            try {
              mkdirSync(at, 0o755);
            } catch (e) {
              if (errno(e) !== "EEXIST") throw cannot(e);
            }
            retry({ ...step, created: true });
            continue;
          }
          return finish(step.name, "missing");
        }
        if (code !== "ENOTDIR" && code !== "ELOOP") throw cannot(err);
        // Not a directory: a link to follow, or a file where a directory is needed.
        const target = readLinkAt(at);
        if (typeof target === "string") {
          follow(target);
          continue;
        }
        const info = target === null ? lstatOrNull(at) : null;
        // Gone, or a directory again: the agent is changing it; look once more.
        if (!info || info.isDirectory()) retry(step);
        else if (last) return finish(step.name, kindOf(info));
        else throw new ToolError(`"${input.slice(0, 200)}": ${[...names, step.name].join("/")} is a file, not a directory`);
        continue;
      }
      stack.push(dir);
      names.push(step.name);
      if (step.created && options.createDirs?.chown) {
        const owner = ownerOfRoot();
        fchownSync(dir.fd, owner.uid, owner.gid);
      }
    }
    // The path is a directory: the root, or where a link's `..` led.
    return finish("", "directory");
  } catch (err) {
    for (const dir of stack) closeDir(dir);
    throw err;
  }
}

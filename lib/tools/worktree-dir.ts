/**
 * Directory handles for the file tools (H2): every file operation names its
 * target as one entry of an already-open directory, never as a path from the
 * worktree root, so a directory the agent swaps for a symbolic link after it
 * was checked cannot redirect the operation.
 *
 * Node has no openat(2). On Linux, `/proc/self/fd/<dirfd>/<name>` is its
 * equivalent: the kernel resolves `/proc/self/fd/<dirfd>` to the open
 * directory itself (not to a path that could be re-resolved) and then looks up
 * one `name` in it. With O_NOFOLLOW that last step does not follow a link
 * either; rename, unlink, mkdir, lstat and readlink never follow their last
 * component. Nothing else in the path is looked up by name.
 *
 * Elsewhere (macOS for development) there is no /proc: entries are named by
 * the directory's path as walked, each component still opened with
 * O_NOFOLLOW, which refuses a link that is already there but not one swapped
 * in later. That is acceptable only because such hosts have no OS sandbox, so
 * no agent process (run_command) exists that could swap anything while a tool
 * runs. Linux is the supported host; Windows is refused.
 */
import "server-only";
import { closeSync, constants, existsSync, openSync } from "node:fs";
import path from "node:path";
import { ToolError } from "./types";

/** An open directory of the worktree. */
export interface Dir {
  /** its descriptor; valid until closeDir, and never used after */
  fd: number;
  /** where it was when opened (messages and the non-Linux fallback only) */
  path: string;
}

const PROC_FD = process.platform === "linux";

/** O_DIRECTORY is missing from Windows' constants; there the open below fails and is refused first. */
export const OPEN_DIR = constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) | constants.O_NOFOLLOW;
/** O_NONBLOCK: a FIFO planted in the worktree must not hang the tool on open. */
export const OPEN_FILE_READ = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
/** O_EXCL also refuses anything already there, a link included. */
export const CREATE_FILE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

let procChecked = false;

function checkHost(): void {
  if (process.platform === "win32") {
    throw new ToolError("The file tools need a POSIX host (Linux; macOS for development). Windows is not supported.");
  }
  if (PROC_FD && !procChecked) {
    if (!existsSync("/proc/self/fd")) throw new ToolError("The file tools need /proc mounted on this Linux host to open files safely.");
    procChecked = true;
  }
}

/** The path that names `name` inside `dir` and nothing else (see the file comment). */
export function entryPath(dir: Dir, name: string): string {
  return PROC_FD ? `/proc/self/fd/${dir.fd}/${name}` : path.join(dir.path, name);
}

/** The path that names `dir` itself, for readdir. */
export function dirPath(dir: Dir): string {
  return PROC_FD ? `/proc/self/fd/${dir.fd}` : dir.path;
}

/*
 * Directory opens and closes are synchronous on purpose: each is one local
 * metadata system call of a few microseconds, far less than the thread-pool
 * round trip an asynchronous call costs (bench/file-tools.ts measures the
 * difference), and a walk holds its descriptors only for the call. File
 * contents are read and written asynchronously.
 */

/** Opens the worktree root; its path comes from the room's record, never from the model. */
export function openRoot(realRoot: string): Dir {
  checkHost();
  try {
    return { fd: openSync(realRoot, OPEN_DIR), path: realRoot };
  } catch {
    throw new ToolError("the worktree no longer exists");
  }
}

/** Opens the directory `name` inside `dir`; throws (ENOTDIR) on a link or a file. */
export function openDirAt(dir: Dir, name: string): Dir {
  return { fd: openSync(entryPath(dir, name), OPEN_DIR), path: path.join(dir.path, name) };
}

/** The same, or null when `name` is not (or no longer) a directory there. */
export function openDirOrNull(dir: Dir, name: string): Dir | null {
  try {
    return openDirAt(dir, name);
  } catch {
    return null;
  }
}

export function closeDir(dir: Dir): void {
  try {
    closeSync(dir.fd);
  } catch {
    // already closed: nothing to do
  }
}

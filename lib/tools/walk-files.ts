/**
 * Walk a worktree directory for glob without following anything out of it
 * (H2). Each subdirectory is opened as an entry of the directory handle above
 * it with O_NOFOLLOW, and listed from its own handle: a directory the agent
 * swaps for a symbolic link is skipped if the swap came first, and still the
 * real directory if it came after. Symbolic links are never followed or
 * reported, `.git` is never entered or reported.
 */
import "server-only";
import { readdir } from "node:fs/promises";
import { isGitName } from "./tool-path";
import { closeDir, dirPath, openDirOrNull, type Dir } from "./worktree-dir";

export interface WalkOptions {
  /** directory names not to enter (besides .git) */
  skipDir(name: string): boolean;
  /** deepest number of path segments below the root worth visiting */
  maxSegments: number;
  /** stop after this many entries */
  maxEntries: number;
  signal?: AbortSignal;
}

export interface WalkResult {
  /** root-relative paths of the files (anything but directories and links) */
  files: string[];
  /** the walk stopped at maxEntries */
  truncated: boolean;
}

/** Walks `start`, found at root-relative `prefix` ("" for the root). */
export async function walkFiles(start: Dir, prefix: string, options: WalkOptions): Promise<WalkResult> {
  const files: string[] = [];
  let seen = 0;
  let truncated = false;

  async function walk(dir: Dir, relative: string, segments: number): Promise<void> {
    options.signal?.throwIfAborted();
    const entries = await readdir(dirPath(dir), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (++seen > options.maxEntries) {
        truncated = true;
        return;
      }
      if (isGitName(entry.name) || entry.isSymbolicLink()) continue;
      const path = relative === "" ? entry.name : `${relative}/${entry.name}`;
      if (!entry.isDirectory()) {
        files.push(path);
        continue;
      }
      if (segments + 1 >= options.maxSegments || options.skipDir(entry.name)) continue;
      // Fails on a link swapped in since readdir: nothing there is ours to list.
      const child = openDirOrNull(dir, entry.name);
      if (!child) continue;
      try {
        await walk(child, path, segments + 1);
      } finally {
        closeDir(child);
      }
      if (truncated) return;
    }
  }

  await walk(start, prefix, prefix === "" ? 0 : prefix.split("/").length);
  return { files, truncated };
}

import "server-only";
/**
 * H6: a worktree's index (`<mirror>/worktrees/<name>/index`). Only git in the
 * sandbox reads it — the agent's own `git status`, and the next sandboxed
 * step, which starts from a copy of it so unchanged files are not hashed
 * again. After a step that changed what the worktree holds (a commit, moving
 * its files), the index that step wrote replaces it. The host moves those
 * bytes and never parses them: host git is never given a worktree's index
 * (lib/repos/git.ts points it at /dev/null).
 */
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { openStepFile, type StepFolder } from "./sandbox-git-step";
import type { WorktreeGit } from "./worktree-git";

const MAX_INDEX_BYTES = 512 * 1024 * 1024;

/** Puts a copy of the worktree's index in the step folder (none yet: the step starts from the commit alone). */
export async function copyIndexIn(git: WorktreeGit, step: StepFolder): Promise<void> {
  await copyFile(path.join(git.gitDir, "index"), path.join(step.dir, "index.in")).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
}

/** Replaces the worktree's index with the one the step wrote (if it wrote one), in one rename. */
export async function installIndex(git: WorktreeGit, step: StepFolder): Promise<void> {
  const handle = await openStepFile(step, "index", MAX_INDEX_BYTES);
  if (!handle) return;
  const target = path.join(git.gitDir, "index");
  const temporary = `${target}.gatehouse-${randomUUID()}`;
  try {
    await pipeline(createReadStream("", { fd: handle.fd, autoClose: false }), createWriteStream(temporary, { flags: "wx", mode: 0o644 }));
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  } finally {
    await handle.close();
  }
}

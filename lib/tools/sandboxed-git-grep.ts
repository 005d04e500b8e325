/**
 * `git grep` for the grep tool, run inside the OS sandbox with the worktree
 * mounted read-only (H2, H6: lib/repos/read-worktree-git.ts). git walks the
 * tree by path name (opendir, then lstat and open of "dir/file"), so an agent
 * that swaps a directory for a symbolic link while git walks can make it open
 * files through that link. Inside the sandbox such a link can only resolve to
 * what the sandbox shows: the worktree, the repository's git data (read-only)
 * and system directories, the same files the agent's own run_command reads,
 * and none of the host's others (other rooms' worktrees, the data directory,
 * /root). The pattern reaches git as one argument, never as shell text.
 *
 * Without the OS sandbox grep is refused (H6: no host git walks a worktree),
 * with the reason.
 */
import "server-only";
import { readWorktreeGit } from "../repos/read-worktree-git";
import { SandboxedGitError, type WorktreeOnRecord } from "../repos/sandbox-git-step";
import { translateErrors } from "./tool-errors";
import { ToolError } from "./types";

export interface GrepRun {
  /** 0 = matches, 1 = none */
  exitCode: number;
  stdout: string;
  truncated: boolean;
}

export interface GrepOptions {
  timeoutMs: number;
  maxOutputBytes: number;
  /** tests only */
  bwrapPath?: string;
}

/** `grepArgs` are what follows `git grep`. */
export async function sandboxedGitGrep(worktree: WorktreeOnRecord, grepArgs: readonly string[], options: GrepOptions): Promise<GrepRun> {
  return translateErrors(async () => {
    try {
      return await readWorktreeGit(worktree, ["grep", ...grepArgs], { ...options, okExitCodes: [1] });
    } catch (error) {
      if (error instanceof SandboxedGitError && error.timedOut) throw new ToolError(`git grep timed out after ${options.timeoutMs} ms; narrow the pattern or the path`);
      throw error;
    }
  });
}

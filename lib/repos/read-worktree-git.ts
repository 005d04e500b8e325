import "server-only";
/**
 * H6: git commands that read a worktree's files — a diff of uncommitted work,
 * `status`, `grep` — run inside the OS sandbox with the worktree and the
 * room's git data mounted read-only (gitMountsFor: from the records, H2). Git
 * walks the tree by path name, so an agent swapping a directory for a link
 * while it walks can only lead it to what the sandbox shows: the worktree,
 * the repository's git data and system directories. Arguments reach git as
 * positional parameters of a constant shell line, never as shell text.
 *
 * There is no host fallback: without the sandbox the command is refused
 * (SandboxUnavailableError), as run_command is.
 */
import { realpath } from "node:fs/promises";
import path from "node:path";
import { runInSandbox } from "../sandbox/run-in-sandbox";
import { literalPathspec, validateRef } from "./git-refs";
import { SANDBOX_GIT_CONFIG, SANDBOX_GIT_ENV, SandboxedGitError, type WorktreeOnRecord } from "./sandbox-git-step";
import { gitMountsFor } from "./worktree-git";

export interface WorktreeGitRead {
  /** exit code (one of okExitCodes or 0) */
  exitCode: number;
  stdout: string;
  truncated: boolean;
}

const RUN_GIT = `exec git ${SANDBOX_GIT_CONFIG.map((arg) => `'${arg}'`).join(" ")} "$@"`;

export async function readWorktreeGit(
  worktree: WorktreeOnRecord,
  args: readonly string[],
  options: { timeoutMs: number; maxOutputBytes: number; okExitCodes?: readonly number[]; bwrapPath?: string },
): Promise<WorktreeGitRead> {
  // The folder is mounted at its real path; git inside must name that one.
  const folder = await realpath(worktree.path);
  const result = await runInSandbox({
    command: RUN_GIT,
    commandArgs: args,
    worktree: folder,
    workspaceId: worktree.workspaceId,
    posture: "read-only",
    readOnlyMounts: await gitMountsFor(worktree.git),
    network: false,
    timeoutMs: options.timeoutMs,
    maxOutputBytes: options.maxOutputBytes,
    env: {
      ...SANDBOX_GIT_ENV,
      // Read-only: git must not even try to refresh the index.
      GIT_OPTIONAL_LOCKS: "0",
      GIT_CEILING_DIRECTORIES: path.dirname(folder),
      GIT_DIR: worktree.git.gitDir,
      GIT_COMMON_DIR: worktree.git.commonDir,
      GIT_WORK_TREE: folder,
    },
    ...(worktree.signal ? { signal: worktree.signal } : {}),
    ...(options.bwrapPath ? { bwrapPath: options.bwrapPath } : {}),
  });
  const ok = result.exitCode !== null && !result.timedOut && (result.exitCode === 0 || (options.okExitCodes ?? []).includes(result.exitCode));
  if (!ok) throw new SandboxedGitError(args[0] ?? "", result.exitCode, result.stderr, result.timedOut);
  return { exitCode: result.exitCode!, stdout: result.stdout, truncated: result.truncated };
}

/**
 * Uncommitted work against `base` (default HEAD): the worktree's tracked
 * files, read in the sandbox. A nested repository there is never looked into,
 * not even inside the sandbox (`--ignore-submodules=all`).
 */
export async function diffWorktree(worktree: WorktreeOnRecord, options: { base?: string; paths?: readonly string[]; maxOutputBytes: number }): Promise<{ text: string; truncated: boolean }> {
  const base = validateRef(options.base ?? "HEAD", "base");
  const args = [
    "diff", "--no-color", "--no-ext-diff", "--no-textconv", "--ignore-submodules=all",
    "--end-of-options", base,
    "--", ...(options.paths ?? []).map(literalPathspec),
  ];
  const { stdout, truncated } = await readWorktreeGit(worktree, args, { timeoutMs: 60_000, maxOutputBytes: options.maxOutputBytes });
  return { text: stdout, truncated };
}

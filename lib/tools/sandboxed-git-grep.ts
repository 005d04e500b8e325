/**
 * `git grep` for the grep tool, run inside the OS sandbox with the worktree
 * mounted read-only (H2). git walks the tree by path name (opendir, then lstat
 * and open of "dir/file"), so an agent that swaps a directory for a symbolic
 * link while git walks can make it open files through that link. Inside the
 * sandbox such a link can only resolve to what the sandbox shows: the
 * worktree, the repository's git data (read-only) and system directories, the
 * same files the agent's own run_command reads, and none of the host's others
 * (other rooms' worktrees, the data directory, /root). A plain per-call
 * process with an argv run through `sh -c` by bubblewrap; the pattern is one
 * single-quoted word, so no shell ever interprets it.
 *
 * Without the OS sandbox (not Linux, or bubblewrap missing) no agent process
 * exists that could change the tree while git runs (run_command refuses to
 * run unsandboxed), so git runs on the host, hardened as every host git is.
 */
import "server-only";
import path from "node:path";
import { git, type GitLocation } from "../repos/git";
import { gitMountsFor } from "../repos/worktree-git";
import { runInSandbox, SandboxUnavailableError } from "../sandbox/run-in-sandbox";
import { translateErrors } from "./tool-errors";
import { ToolError } from "./types";

export interface GrepRun {
  /** 0 = matches, 1 = none */
  exitCode: number;
  stdout: string;
  truncated: boolean;
}

export interface GrepOptions {
  /** counts against the workspace's concurrent sandboxes (H1) */
  workspaceId: string;
  /** H2: the worktree's git data from Gatehouse's records, never from its `.git` file */
  location: GitLocation;
  timeoutMs: number;
  maxOutputBytes: number;
  signal: AbortSignal;
  /** tests only */
  bwrapPath?: string;
}

/**
 * Inside the sandbox nothing git runs could reach the host anyway; fsmonitor
 * stays off so a read-only mode starts no program beyond git itself. The
 * sandbox may run as another user than the one owning the worktree (H1), which
 * git would otherwise refuse as "dubious ownership".
 */
const SANDBOX_GIT_CONFIG = ["-c", "core.fsmonitor=false", "-c", "core.quotePath=false", "-c", "safe.directory=*"];

/** One word for `sh -c`: single-quoted, with each ' written as '\'' . */
function shellWord(arg: string): string {
  if (arg.includes("\0")) throw new ToolError("an argument contains a NUL byte");
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** `grepArgs` are what follows `git grep`. */
export async function sandboxedGitGrep(worktree: string, grepArgs: readonly string[], options: GrepOptions): Promise<GrepRun> {
  const command = `exec ${["git", ...SANDBOX_GIT_CONFIG, "grep", ...grepArgs].map(shellWord).join(" ")}`;
  try {
    const result = await runInSandbox({
      command,
      worktree,
      workspaceId: options.workspaceId,
      posture: "read-only",
      readOnlyMounts: await gitMountsFor({ gitDir: options.location.gitDir, commonDir: options.location.commonDir ?? options.location.gitDir }),
      network: false,
      timeoutMs: options.timeoutMs,
      maxOutputBytes: options.maxOutputBytes,
      env: {
        LC_ALL: "C",
        GIT_TERMINAL_PROMPT: "0",
        // Read-only: git must not even try to refresh the index.
        GIT_OPTIONAL_LOCKS: "0",
        GIT_CEILING_DIRECTORIES: path.dirname(worktree),
        GIT_DIR: options.location.gitDir,
        ...(options.location.commonDir ? { GIT_COMMON_DIR: options.location.commonDir } : {}),
        GIT_WORK_TREE: worktree,
      },
      signal: options.signal,
      bwrapPath: options.bwrapPath,
    });
    if (result.timedOut) throw new ToolError(`git grep timed out after ${options.timeoutMs} ms; narrow the pattern or the path`);
    if (result.exitCode === 0 || result.exitCode === 1) {
      return { exitCode: result.exitCode, stdout: result.stdout, truncated: result.truncated };
    }
    const detail = result.stderr.trim().split("\n").slice(-5).join("\n");
    throw new ToolError(`git grep failed (exit ${result.exitCode ?? "by signal"})${detail ? `: ${detail}` : ""}`);
  } catch (err) {
    if (!(err instanceof SandboxUnavailableError)) throw err;
  }
  const result = await translateErrors(() =>
    git(["grep", ...grepArgs], { ...options.location, okExitCodes: [1], timeoutMs: options.timeoutMs, maxOutputBytes: options.maxOutputBytes, signal: options.signal }),
  );
  return { exitCode: result.exitCode, stdout: result.stdout, truncated: result.truncated };
}

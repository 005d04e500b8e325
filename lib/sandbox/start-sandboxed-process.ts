import "server-only";
/**
 * A long-lived process inside the sandbox whose stdin and stdout stay open to
 * the server (H1): the Claude Code CLI talks to the Agent SDK over them for a
 * whole session. Same command line, user, limits, mounts and slots as
 * `runInSandbox`; the difference is only that the caller streams instead of
 * collecting output.
 *
 * Two steps because a spawn hook must be synchronous: `prepareSandboxedProcess`
 * does the slow, fallible part (the probe, a slot, opening every mount source),
 * and the returned `spawn` starts the process at once. Nothing falls back to
 * running outside: an unavailable sandbox throws SandboxUnavailableError.
 */
import { spawn as spawnChild, type ChildProcess } from "node:child_process";
import type { WorktreePosture } from "../modes/types";
import { openSandbox, sandboxEnv } from "./run-in-sandbox";

export interface SandboxedProcessOptions {
  /** absolute path of the worktree; the process starts there, mounted by `posture` (M5) */
  worktree: string;
  workspaceId: string;
  posture: WorktreePosture;
  /** host paths (folders or files) visible read-only at the same path, chosen by the server, never by a worktree (H2) */
  readOnlyMounts?: readonly string[];
  network: boolean;
  /** the whole process's wall time; it is killed after */
  timeoutMs: number;
  signal?: AbortSignal;
  /** tests only */
  bwrapPath?: string;
}

export interface PreparedSandbox {
  /** Starts `argv` inside (no shell reads it). Synchronous; call at most once. */
  spawn(argv: readonly string[], env: Record<string, string>): ChildProcess;
  /** the last few KiB the process wrote to stderr, for error messages */
  stderrTail(): string;
  /** frees the slot and the mount handles; kills the process if it still runs */
  release(): Promise<void>;
}

/** A constant line: run the positional parameters as the program. */
const EXEC_ARGV = 'exec "$@"';
const STDERR_TAIL_BYTES = 8 * 1024;

export async function prepareSandboxedProcess(options: SandboxedProcessOptions): Promise<PreparedSandbox> {
  const sandbox = await openSandbox(options);

  let child: ChildProcess | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stderr = Buffer.alloc(0);
  let released = false;
  const killGroup = (signal: NodeJS.Signals = "SIGKILL") => {
    // Also after the leader exited: whatever it left behind in its group goes too.
    if (child?.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // the group is already gone
    }
  };
  const onAbort = () => killGroup();

  return {
    spawn(argv, extraEnv) {
      if (child) throw new Error("this sandbox already started its process");
      if (argv.length === 0 || argv.some((arg) => arg.includes("\0"))) throw new Error("the sandboxed program's arguments are empty or hold a NUL byte");
      const environment = sandboxEnv(extraEnv);
      const { file, args } = sandbox.command({ posture: options.posture, network: options.network, command: EXEC_ARGV, commandArgs: argv });
      // detached: the process leads its own group, so one kill reaches all it started.
      const started = spawnChild(file, args, {
        cwd: "/",
        env: environment as NodeJS.ProcessEnv,
        detached: true,
        shell: false,
        stdio: ["pipe", "pipe", "pipe", ...sandbox.fds],
        windowsHide: true,
      });
      child = started;
      // The child holds its own copies of the handles now; ours are closed so none outlives the start.
      void sandbox.closeSources();
      started.stderr?.on("data", (chunk: Buffer) => {
        stderr = Buffer.concat([stderr, chunk]).subarray(-STDERR_TAIL_BYTES);
      });
      // The SDK stops a session with kill(); the whole group goes, not just the outermost program.
      started.kill = (signal?: NodeJS.Signals | number) => {
        killGroup(typeof signal === "string" ? signal : "SIGKILL");
        return true;
      };
      started.once("exit", () => {
        if (timer) clearTimeout(timer);
        killGroup();
      });
      timer = setTimeout(() => killGroup(), options.timeoutMs);
      if (options.signal?.aborted) onAbort();
      else options.signal?.addEventListener("abort", onAbort, { once: true });
      return started;
    },
    stderrTail: () => stderr.toString("utf8"),
    async release() {
      if (released) return;
      released = true;
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      killGroup();
      await sandbox.closeSources();
      sandbox.releaseSlot();
    },
  };
}

/**
 * Run one program with an argv array (never a shell), a wall-clock timeout and
 * an output budget. Shared by git (lib/repos) and the OS sandbox runner, so
 * every child the app starts on a model's behalf is bounded the same way.
 */
import { spawn } from "node:child_process";

export interface SpawnCappedOptions {
  cwd: string;
  /** the complete environment of the child; nothing is inherited from process.env */
  env: Record<string, string>;
  timeoutMs: number;
  /** stdout and stderr together keep at most this many bytes */
  maxOutputBytes: number;
  /** written to stdin, which is then closed; stdin is empty otherwise */
  input?: string;
  /** an open file the child reads as its stdin instead of `input` (large data read straight from disk) */
  inputFd?: number;
  signal?: AbortSignal;
  /** open descriptors handed to the child as its descriptors 3, 4, … (bwrap's --bind-fd) */
  extraFds?: readonly number[];
}

export interface SpawnCappedResult {
  /** null when the child died from a signal (timeout, abort, output flood) */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  aborted: boolean;
  /** some output was dropped because the budget was spent */
  truncated: boolean;
  durationMs: number;
}

/**
 * Once the budget is spent we keep draining (so the child is not blocked on a
 * full pipe and can finish its work), but a child that floods far past the
 * budget is only burning CPU for nobody, so it is stopped.
 */
const FLOOD_FACTOR = 16;
const FLOOD_FLOOR_BYTES = 16 * 1024 * 1024;

export function spawnCapped(file: string, args: readonly string[], options: SpawnCappedOptions): Promise<SpawnCappedResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    // detached: the child leads its own process group, so one kill reaches
    // everything it started (kill(-pgid)), not just the direct child.
    const child = spawn(file, [...args], {
      cwd: options.cwd,
      // Next.js's types make NODE_ENV a required key of ProcessEnv; a child's
      // environment is deliberately built from scratch and may omit it.
      env: options.env as NodeJS.ProcessEnv,
      detached: true,
      shell: false,
      stdio: [options.inputFd ?? "pipe", "pipe", "pipe", ...(options.extraFds ?? [])],
      windowsHide: true,
    });
    // Pipes (the stdio entries above, stdin unless a file is handed over); the extra descriptors widen the type only.
    const stdin = child.stdin;
    const stdout = child.stdout!;
    const stderr = child.stderr!;

    const kept: { stdout: Buffer[]; stderr: Buffer[] } = { stdout: [], stderr: [] };
    let keptBytes = 0;
    let seenBytes = 0;
    let truncated = false;
    let timedOut = false;
    let aborted = false;
    let settled = false;
    const floodLimit = Math.max(options.maxOutputBytes * FLOOD_FACTOR, FLOOD_FLOOR_BYTES);

    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // the group is already gone
      }
    };

    const collect = (which: "stdout" | "stderr") => (chunk: Buffer) => {
      seenBytes += chunk.length;
      const room = options.maxOutputBytes - keptBytes;
      if (room > 0) {
        const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
        kept[which].push(part);
        keptBytes += part.length;
      }
      if (chunk.length > room) truncated = true;
      if (seenBytes > floodLimit) killGroup();
    };
    stdout.on("data", collect("stdout"));
    stderr.on("data", collect("stderr"));

    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, options.timeoutMs);

    const onAbort = () => {
      aborted = true;
      killGroup();
    };
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener("abort", onAbort, { once: true });

    const finish = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
    };

    // A grandchild that kept stdout open would hold "close" back until the
    // timeout; once the direct child is done, its group goes with it.
    child.on("exit", killGroup);

    child.on("error", (err) => {
      if (settled) return;
      settled = true;
      finish();
      reject(err);
    });

    // "close" (not "exit"): all output has been read by then.
    child.on("close", (code, signal) => {
      if (settled) return;
      settled = true;
      finish();
      resolve({
        exitCode: code,
        signal,
        stdout: Buffer.concat(kept.stdout).toString("utf8"),
        stderr: Buffer.concat(kept.stderr).toString("utf8"),
        timedOut,
        aborted,
        truncated,
        durationMs: Date.now() - started,
      });
    });

    // EPIPE when the child never reads stdin is not an error worth failing on.
    stdin?.on("error", () => {});
    stdin?.end(options.input ?? "");
  });
}

/**
 * The app's side of the process launcher (launcher.mjs): started on the first
 * bounded spawn, shared by every spawn of this process, handed back (its IPC
 * channel closed, so it exits) after LAUNCHER_IDLE_MS without work, and
 * started again when a spawn comes after that. It never keeps this process
 * alive on its own.
 *
 * Used where /proc exists (Linux) and the launcher's file is under the working
 * directory (or GATEHOUSE_ROOT), unless GATEHOUSE_PROCESS_LAUNCHER=off; otherwise
 * spawns fork this process itself.
 */
import { fork, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import type { CoreOptions, SpawnCappedResult } from "./spawn-capped-core.mjs";

/** A launcher with nothing to do for this long goes away (~45 MB of memory); starting one again costs ~30 ms. */
const LAUNCHER_IDLE_MS = 30_000;

type Outcome = { type: "done"; id: number; result: SpawnCappedResult } | { type: "failed"; id: number; error: { message: string; code?: string } };

interface Pending {
  resolve: (result: SpawnCappedResult) => void;
  reject: (error: Error) => void;
}

export interface ProcessLauncher {
  run(file: string, args: readonly string[], options: CoreOptions): Promise<SpawnCappedResult>;
  /** the launcher's process id while one runs (benchmarks read its CPU time) */
  readonly pid: number | undefined;
}

export function launcherScript(): string | null {
  if (process.env.GATEHOUSE_PROCESS_LAUNCHER === "off" || !existsSync("/proc/self/fd")) return null;
  const file = path.join(process.env.GATEHOUSE_ROOT ?? process.cwd(), "lib/sandbox/launcher.mjs");
  return existsSync(file) ? file : null;
}

export function createProcessLauncher(script: string): ProcessLauncher {
  let child: ChildProcess | null = null;
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let idle: NodeJS.Timeout | null = null;

  const hold = (busy: boolean) => {
    if (!child) return;
    if (idle) clearTimeout(idle);
    idle = null;
    if (busy) {
      child.ref();
      child.channel?.ref();
      return;
    }
    child.unref();
    child.channel?.unref();
    const resting = child;
    idle = setTimeout(() => {
      if (child === resting && pending.size === 0) {
        child = null;
        resting.disconnect();
      }
    }, LAUNCHER_IDLE_MS);
    idle.unref();
  };

  const start = (): ChildProcess => {
    // No --import tsx or other flags of this process: the launcher is plain JavaScript and stays small.
    // Children's output passes through it: 30 commands of 4 MB output left it 71 MB private without
    // these (small semi-spaces, a collection once idle in launcher.mjs, output chunks in their own
    // mappings so freeing them hands them back instead of fragmenting the heap), 17 MB with them.
    const started = fork(script, [], {
      execArgv: ["--max-semi-space-size=1", "--expose-gc"],
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", MALLOC_ARENA_MAX: "2", MALLOC_TRIM_THRESHOLD_: "131072", MALLOC_TOP_PAD_: "0", MALLOC_MMAP_THRESHOLD_: "32768" } as unknown as NodeJS.ProcessEnv,
      serialization: "advanced",
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    started.on("message", (message: Outcome) => {
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (message.type === "done") waiting.resolve(message.result);
      else waiting.reject(Object.assign(new Error(message.error.message), message.error.code ? { code: message.error.code } : {}));
      if (pending.size === 0) hold(false);
    });
    started.on("exit", (code, signal) => {
      if (child === started) child = null;
      // A child of the launcher may have run; running it again could apply it twice, so the caller hears of it.
      for (const [id, waiting] of pending) {
        pending.delete(id);
        waiting.reject(new Error(`the process launcher stopped (${signal ?? `exit ${code}`}) before the command's result arrived`));
      }
    });
    started.on("error", () => undefined); // its exit reports it
    return started;
  };

  return {
    get pid() {
      return child?.pid;
    },
    run(file, args, options) {
      const { signal, ...rest } = options;
      child ??= start();
      const target = child;
      const id = nextId++;
      return new Promise<SpawnCappedResult>((resolve, reject) => {
        const onAbort = () => target.connected && target.send({ type: "kill", id });
        const settle = () => signal?.removeEventListener("abort", onAbort);
        pending.set(id, {
          resolve: (result) => (settle(), resolve(result)),
          reject: (error) => (settle(), reject(error)),
        });
        hold(true);
        target.send({ type: "spawn", id, file, args: [...args], options: rest });
        if (signal?.aborted) onAbort();
        else signal?.addEventListener("abort", onAbort, { once: true });
      });
    },
  };
}

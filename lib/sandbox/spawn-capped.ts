/**
 * Run one program with an argv array (never a shell), a wall-clock timeout and
 * an output budget. Shared by git (lib/repos) and the OS sandbox runner, so
 * every child the app starts on a model's behalf is bounded the same way.
 *
 * The children are started by the process launcher (process-launcher.ts), a
 * small process whose fork is ~10× cheaper than one of this process; where
 * there is none, from here. Both run spawnCappedWith (spawn-capped-core.mjs).
 */
import { spawn } from "node:child_process";
import { createProcessLauncher, launcherScript, type ProcessLauncher } from "./process-launcher";
import { spawnCappedWith, type CoreOptions, type SpawnCappedResult } from "./spawn-capped-core.mjs";

export type SpawnCappedOptions = CoreOptions;
export type { SpawnCappedResult };

let launcher: ProcessLauncher | null | undefined;

/** This process's launcher, made on first use; null where spawns start from here. */
export function processLauncher(): ProcessLauncher | null {
  if (launcher === undefined) {
    const script = launcherScript();
    launcher = script ? createProcessLauncher(script) : null;
  }
  return launcher;
}

export function spawnCapped(file: string, args: readonly string[], options: SpawnCappedOptions): Promise<SpawnCappedResult> {
  const via = processLauncher();
  return via ? via.run(file, args, options) : spawnCappedWith(spawn, file, args, options);
}

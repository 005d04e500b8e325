import type { spawn } from "node:child_process";

export interface CoreOptions {
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

export function spawnCappedWith(spawner: typeof spawn, file: string, args: readonly string[], options: CoreOptions): Promise<SpawnCappedResult>;

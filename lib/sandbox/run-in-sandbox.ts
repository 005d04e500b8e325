import "server-only";
/**
 * Run the model's shell line inside bubblewrap, mounted by the mode's posture
 * (M5), as an unprivileged host user with enforced limits (H1). The command is
 * one argv element of `sh -c` *inside* the sandbox: the host never interprets
 * it. There is no unsandboxed fallback: when bubblewrap is missing, or is no
 * boundary on this host, the call is refused.
 */
import { realpath, stat } from "node:fs/promises";
import { env } from "../config/env";
import type { WorktreePosture } from "../modes/types";
import { DEFAULT_BWRAP_PATH, detectSandbox } from "./detect-sandbox";
import { MountSourceError, openMountSources, type MountSources } from "./open-mount-sources";
import { sandboxCommand, sandboxLimits } from "./sandbox-command";
import { acquireSandboxSlot } from "./sandbox-slots";
import { sandboxUser } from "./sandbox-user";
import { spawnCapped } from "./spawn-capped";

export interface SandboxRunOptions {
  /** the shell line, run as `sh -c <command>` inside the sandbox */
  command: string;
  /** positional parameters of that line ($1, $2, …): arguments no shell reads */
  commandArgs?: readonly string[];
  /** absolute path of the worktree; the process starts there */
  worktree: string;
  /** whose command this is: each workspace may run only so many sandboxes at once (H1) */
  workspaceId: string;
  posture: WorktreePosture;
  /**
   * H2: further host paths visible read-only (a worktree's git data), chosen by
   * the caller from Gatehouse's records — never derived from files in the worktree.
   */
  readOnlyMounts?: readonly string[];
  /** H6: further folders the command may write (a scratch folder of Gatehouse's for one step's results) */
  writableMounts?: readonly string[];
  network: boolean;
  timeoutMs: number;
  maxOutputBytes: number;
  /** extra variables on top of the minimal environment (never the parent's) */
  env?: Record<string, string>;
  signal?: AbortSignal;
  /** tests only */
  bwrapPath?: string;
}

export interface SandboxRunResult {
  /** null when the process was killed (timeout, abort, output flood) */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  truncated: boolean;
  durationMs: number;
}

export class SandboxUnavailableError extends Error {
  constructor(reason: string) {
    super(`Refusing to run the command: the OS sandbox is unavailable. ${reason}`);
    this.name = "SandboxUnavailableError";
  }
}

/**
 * Built from scratch, never from process.env: the worker's environment holds
 * DATABASE_URL, provider API keys and session secrets.
 */
export const SANDBOX_BASE_ENV: Readonly<Record<string, string>> = {
  PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
  HOME: "/tmp",
  LANG: "C.UTF-8",
  TERM: "dumb",
  // Inside, the worktree's folder and git data belong to the server's user,
  // not the sandbox's, which git would otherwise refuse as "dubious ownership".
  // Whatever git runs in here is sandboxed anyway.
  GIT_CONFIG_COUNT: "1",
  GIT_CONFIG_KEY_0: "safe.directory",
  GIT_CONFIG_VALUE_0: "*",
};

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The sandbox's whole environment: the base plus `extra`, whose names and values are checked. */
export function sandboxEnv(extra: Record<string, string> | undefined): Record<string, string> {
  const env: Record<string, string> = { ...SANDBOX_BASE_ENV };
  for (const [name, value] of Object.entries(extra ?? {})) {
    if (!ENV_NAME.test(name) || value.includes("\0")) throw new Error(`invalid environment variable for the sandbox: ${name}`);
    env[name] = value;
  }
  return env;
}

/** Whether sandboxed processes may share the host's network (an operator's explicit choice). */
export function sandboxNetworkEnabled(): boolean {
  return env().GATEHOUSE_SANDBOX_NETWORK === "host";
}

/** What every sandboxed start shares once it holds a slot and the mount handles (see `openSandbox`). */
export interface OpenSandbox {
  /** The bubblewrap command line for `command` (an `sh -c` line inside), `commandArgs` its positional parameters. */
  command(spec: { posture: WorktreePosture; network: boolean; command: string; commandArgs?: readonly string[] }): { file: string; args: string[] };
  /** the mount handles' descriptors, to hand the child as its descriptors 3, 4, … (the numbers `command` uses) */
  fds: number[];
  /** closes this process's mount handles (a started child keeps its own copies) */
  closeSources(): Promise<void>;
  releaseSlot(): void;
}

/**
 * The part every sandboxed start shares: a working sandbox (else
 * SandboxUnavailableError, never a fallback), the worktree's real path, one
 * of the workspace's slots, and the mount sources opened as the sandbox user.
 */
export async function openSandbox(options: {
  worktree: string;
  workspaceId: string;
  readOnlyMounts?: readonly string[];
  writableMounts?: readonly string[];
  signal?: AbortSignal;
  bwrapPath?: string;
}): Promise<OpenSandbox> {
  const bwrapPath = options.bwrapPath ?? DEFAULT_BWRAP_PATH;
  const status = await detectSandbox(bwrapPath);
  if (!status.available) throw new SandboxUnavailableError(status.reason);
  // bwrap binds the path it is given; resolving it first means a symlinked
  // worktree path cannot make the bind land somewhere else than we checked.
  const worktree = await realpath(options.worktree);
  if (!(await stat(worktree)).isDirectory()) throw new Error(`the worktree is not a directory: ${worktree}`);
  const readOnlyPaths = [...(options.readOnlyMounts ?? [])];
  const writablePaths = [...(options.writableMounts ?? [])];

  const releaseSlot = await acquireSandboxSlot(options.workspaceId, options.signal);
  const user = sandboxUser();
  let sources: MountSources;
  try {
    sources = await openMountSources([...readOnlyPaths, ...writablePaths, worktree], user);
  } catch (error) {
    releaseSlot();
    if (error instanceof MountSourceError) throw new SandboxUnavailableError(error.message);
    throw error;
  }
  // Handles become the child's descriptors 3, 4, … in this order.
  const sourceFds = new Map([...sources.handles.keys()].map((path, index) => [path, 3 + index]));
  return {
    command: (spec) =>
      sandboxCommand({
        bwrapPath,
        user,
        posture: spec.posture,
        worktree,
        mounts: { network: spec.network, readOnlyPaths, writablePaths, sourceFds },
        limits: sandboxLimits(),
        command: spec.command,
        ...(spec.commandArgs ? { commandArgs: spec.commandArgs } : {}),
      }),
    fds: [...sources.handles.values()].map((handle) => handle.fd),
    closeSources: () => sources.close(),
    releaseSlot,
  };
}

export async function runInSandbox(options: SandboxRunOptions): Promise<SandboxRunResult> {
  if (options.command.includes("\0") || options.commandArgs?.some((arg) => arg.includes("\0"))) throw new Error("the command contains a NUL byte");
  const environment = sandboxEnv(options.env);
  const sandbox = await openSandbox(options);
  try {
    const { file, args } = sandbox.command({ posture: options.posture, network: options.network, command: options.command, ...(options.commandArgs ? { commandArgs: options.commandArgs } : {}) });
    const result = await spawnCapped(file, args, {
      cwd: "/",
      env: environment,
      timeoutMs: options.timeoutMs,
      maxOutputBytes: options.maxOutputBytes,
      signal: options.signal,
      extraFds: sandbox.fds,
    });
    return {
      exitCode: result.exitCode,
      stdout: result.stdout,
      stderr: result.stderr,
      timedOut: result.timedOut,
      truncated: result.truncated,
      durationMs: result.durationMs,
    };
  } finally {
    await sandbox.closeSources();
    sandbox.releaseSlot();
  }
}

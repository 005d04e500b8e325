/**
 * The one command line every sandboxed process starts with (H1), shared by the
 * runner and the start-up probe so the probe checks exactly what runs:
 *
 *   prlimit (memory, file size, no core dumps, the host-wide process ceiling)
 *   → setpriv (root only: drop to the sandbox user; nothing can regain a capability)
 *   → bwrap (own user namespace and every other namespace, mounts by posture)
 *   → prlimit --nproc (this sandbox's own process budget)
 *   → sh -c COMMAND
 *
 * Why the process limit is set twice: the kernel counts RLIMIT_NPROC per user
 * namespace and charges every level above as well. Set inside the sandbox's
 * own namespace, the budget is this sandbox's alone, so one tenant's fork bomb
 * cannot use up another's. Set before bwrap, it is the ceiling for everything
 * the sandbox user runs on the host, sized for every sandbox at once. (A pool
 * of uids would give the same separation but would split a worktree's files
 * between owners.)
 */
import { env } from "../config/env";
import { mountPlan, type MountOptions } from "../modes/posture";
import type { WorktreePosture } from "../modes/types";
import { dropPrivilegesArgs, type SandboxUser } from "./sandbox-user";

export const PRLIMIT_PATH = "/usr/bin/prlimit";

const MIB = 1024 * 1024;

export interface SandboxLimits {
  /** processes and threads one sandbox may hold at once */
  processes: number;
  /** processes and threads the sandbox user may hold on the host, over every sandbox */
  hostProcesses: number;
  /** address space of each process, bytes */
  memoryBytes: number;
  /** largest file a process may write, bytes */
  fileBytes: number;
  /** size of each scratch tmpfs, bytes */
  tmpfsBytes: number;
}

export function sandboxLimits(): SandboxLimits {
  const e = env();
  return {
    processes: e.GATEHOUSE_SANDBOX_PROCESSES,
    // bwrap's monitor and the namespace's init are outside the inner budget.
    hostProcesses: (e.GATEHOUSE_SANDBOX_PROCESSES + 4) * (e.GATEHOUSE_SANDBOX_TOTAL + 1),
    memoryBytes: e.GATEHOUSE_SANDBOX_MEMORY_MB * MIB,
    fileBytes: e.GATEHOUSE_SANDBOX_FILE_MB * MIB,
    tmpfsBytes: e.GATEHOUSE_SANDBOX_TMPFS_MB * MIB,
  };
}

export interface SandboxCommandInput {
  bwrapPath: string;
  /** who the sandbox runs as on the host; null: as the (unprivileged) server itself */
  user: SandboxUser | null;
  posture: WorktreePosture;
  worktree: string;
  mounts: Omit<MountOptions, "tmpfsBytes">;
  limits: SandboxLimits;
  /** the shell line, run as `sh -c <command>` inside */
  command: string;
}

export interface SandboxCommand {
  file: string;
  args: string[];
}

export function sandboxCommand(input: SandboxCommandInput): SandboxCommand {
  const { limits } = input;
  const plan = mountPlan(input.posture, input.worktree, { ...input.mounts, tmpfsBytes: limits.tmpfsBytes });
  const hostLimits = [
    `--as=${limits.memoryBytes}:${limits.memoryBytes}`,
    `--fsize=${limits.fileBytes}:${limits.fileBytes}`,
    "--core=0:0",
    // A server that is not root shares its uid with the sandbox: a ceiling
    // here would count the server's own processes, so it keeps its own.
    ...(input.user ? [`--nproc=${limits.hostProcesses}:${limits.hostProcesses}`] : []),
  ];
  return {
    file: PRLIMIT_PATH,
    args: [
      ...hostLimits,
      "--",
      ...(input.user ? dropPrivilegesArgs(input.user) : []),
      input.bwrapPath,
      ...plan.bwrapArgs,
      "--",
      PRLIMIT_PATH,
      `--nproc=${limits.processes}:${limits.processes}`,
      "--",
      "/bin/sh",
      "-c",
      input.command,
    ],
  };
}

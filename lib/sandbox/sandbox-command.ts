/**
 * The one command line every sandboxed process starts with (H1), shared by the
 * runner and the start-up probe so the probe checks exactly what runs:
 *
 *   unshare + stage (root only: bind each mount source from its handle into a
 *                    private mount namespace the sandbox user can pass through)
 *   → prlimit (memory, file size, no core dumps, the host-wide process ceiling)
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
export const UNSHARE_PATH = "/usr/bin/unshare";

/**
 * Root's staging step, in a mount namespace of its own (nothing it mounts is
 * seen by the host): a small tmpfs over a folder no source lies in (STAGE_HOMES),
 * each source bound onto <stage>/<n> by its path, then checked to be the very
 * inode the server opened (its handle, compared by device and inode, so a path
 * swapped after opening stops the start), each handle closed so no host
 * directory handle reaches the sandbox, then the rest of the command line.
 * The sandbox user then finds its sources under the stage, whatever the
 * permissions of the folders above the real paths (a 0700 home or temporary
 * folder). A handle cannot be bound directly: the kernel refuses to bind a
 * mount of another namespace. Arguments: the stage folder, the number of
 * sources, then handle and path for each, then the command line. A constant
 * script: nothing in it comes from a model or a repository.
 */
const STAGE_SCRIPT = `set -eu
stage=$1; n=$2; shift 2
/bin/mount -t tmpfs -o mode=0755,size=64k,nosuid,nodev,noexec gatehouse-stage "$stage"
i=0
while [ "$i" -lt "$n" ]; do
  fd=$1; src=$2; shift 2
  if [ -d "/proc/self/fd/$fd" ]; then mkdir "$stage/$i"; else : > "$stage/$i"; fi
  /bin/mount --no-canonicalize --bind "$src" "$stage/$i"
  if [ "$(stat -L -c %d:%i "/proc/self/fd/$fd")" != "$(stat -c %d:%i "$stage/$i")" ]; then
    echo "gatehouse: the mount source $src changed while the sandbox started" >&2
    exit 125
  fi
  eval "exec $fd<&-"
  i=$((i+1))
done
exec "$@"`;

/** Folders the stage may cover; the first that holds none of the sources is used. */
const STAGE_HOMES = ["/tmp", "/mnt", "/run", "/var/tmp", "/media", "/srv"];

function stageHome(sources: readonly string[]): string {
  const home = STAGE_HOMES.find((candidate) => !sources.some((source) => source === candidate || source.startsWith(`${candidate}/`)));
  if (!home) throw new Error(`no folder to stage the sandbox's mounts in: every one of ${STAGE_HOMES.join(", ")} holds a source`);
  return home;
}

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
  /** positional parameters of that shell line ($1, $2, …): argv handed over without any shell reading it */
  commandArgs?: readonly string[];
}

export interface SandboxCommand {
  file: string;
  args: string[];
}

export function sandboxCommand(input: SandboxCommandInput): SandboxCommand {
  const { limits } = input;
  // Root stages every handle first; a server that is not root owns the folders above them and mounts from the handles.
  const handles = input.user ? [...(input.mounts.sourceFds ?? new Map<string, number>())] : [];
  const stage = handles.length ? stageHome(handles.map(([path]) => path)) : "";
  const stagedSources = new Map(handles.map(([path], index) => [path, `${stage}/${index}`]));
  const plan = mountPlan(input.posture, input.worktree, {
    ...input.mounts,
    ...(handles.length ? { sourceFds: undefined, stagedSources } : {}),
    tmpfsBytes: limits.tmpfsBytes,
  });
  const hostLimits = [
    `--as=${limits.memoryBytes}:${limits.memoryBytes}`,
    `--fsize=${limits.fileBytes}:${limits.fileBytes}`,
    "--core=0:0",
    // A server that is not root shares its uid with the sandbox: a ceiling
    // here would count the server's own processes, so it keeps its own.
    ...(input.user ? [`--nproc=${limits.hostProcesses}:${limits.hostProcesses}`] : []),
  ];
  const staging = handles.length
    ? [UNSHARE_PATH, "--mount", "--propagation", "private", "--", "/bin/sh", "-c", STAGE_SCRIPT, "gatehouse-stage", stage, String(handles.length), ...handles.flatMap(([path, fd]) => [String(fd), path])]
    : [];
  const [file = PRLIMIT_PATH, ...prefix] = [...staging, PRLIMIT_PATH];
  return {
    file,
    args: [
      ...prefix,
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
      ...(input.commandArgs ? ["gatehouse-sandbox", ...input.commandArgs] : []),
    ],
  };
}

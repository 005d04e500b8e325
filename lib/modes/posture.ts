/**
 * Projection 3 of the profile: worktree posture and the OS sandbox mount plan
 * (M5). Removing mutating tools does the work; mounting the worktree read-only
 * for every process a read-only run starts is the second copy of the guarantee.
 */
import type { ModeProfile, WorktreePosture } from "./types";

export function postureOf(profile: ModeProfile): WorktreePosture {
  return profile.posture;
}

export interface MountPlan {
  posture: WorktreePosture;
  /** whether anything the process can reach in the worktree is writable */
  worktreeWritable: boolean;
  /** bubblewrap arguments, without the command */
  bwrapArgs: string[];
}

export interface MountOptions {
  /**
   * Share the host's network. Off by default: a shared network namespace includes
   * the host's loopback, where services (PostgreSQL with trust auth, say) would be
   * reachable from inside. Operators opt in with GATEHOUSE_SANDBOX_NETWORK=host.
   */
  network: boolean;
  /** extra paths visible read-only (the repository's git data, for git read commands) */
  readOnlyPaths?: readonly string[];
  /**
   * extra folders the process may write besides the worktree: a scratch folder
   * Gatehouse made for one step's results (H6), never anything the host trusts
   */
  writablePaths?: readonly string[];
  /**
   * Open directory handles for the worktree and the read-only paths, by path. A
   * path with a handle is mounted from it (`--bind-fd`), so what gets mounted is
   * the directory that was opened, even if the path is swapped meanwhile.
   */
  sourceFds?: ReadonlyMap<string, number>;
  /**
   * Where each path was bound beforehand from its handle, by path (a server
   * running as root stages them in a mount namespace of its own, so the
   * unprivileged sandbox user never has to pass through the folders above them).
   * Wins over `sourceFds`.
   */
  stagedSources?: ReadonlyMap<string, string>;
  /** size of each scratch file system (/tmp, /var/tmp, /dev/shm); they live in memory (H1) */
  tmpfsBytes?: number;
}

/** System directories a command needs; nothing else of the host is visible (other rooms' worktrees, /root, /etc/shadow). */
const SYSTEM_DIRS = ["/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/opt"];
const SYSTEM_ETC = [
  "/etc/alternatives",
  "/etc/ssl",
  "/etc/ca-certificates",
  "/etc/resolv.conf",
  "/etc/hosts",
  "/etc/nsswitch.conf",
  "/etc/passwd",
  "/etc/group",
  "/etc/ld.so.cache",
  "/etc/ld.so.conf",
  "/etc/ld.so.conf.d",
  "/etc/localtime",
];

/**
 * Kernel interfaces under /proc that root could write (H1). The process runs as
 * an unprivileged host user, which the kernel already refuses; mounting them
 * read-only over the sandbox's own /proc is the second copy.
 */
const PROC_READ_ONLY = ["/proc/sys", "/proc/sysrq-trigger", "/proc/irq", "/proc/bus", "/proc/fs", "/proc/acpi"];

/**
 * bwrap argument list for a process started in `worktree`. Only system
 * directories and the worktree are mounted; /sys is not. As root, bwrap alone
 * is no boundary (a process keeping CAP_SYS_ADMIN can remount rw), so every
 * plan drops all capabilities and runs in its own user namespace, where it may
 * not create further ones; bwrap also sets no-new-privileges. The sandbox's
 * root and /dev are read-only so the only writable memory is the sized
 * scratch file systems.
 */
export function mountPlan(posture: WorktreePosture, worktree: string, options: MountOptions): MountPlan {
  const writable = posture === "read-write";
  const bind = (readOnly: boolean, path: string) => {
    const flag = readOnly ? "--ro-bind" : "--bind";
    const staged = options.stagedSources?.get(path);
    if (staged !== undefined) return [flag, staged, path];
    const fd = options.sourceFds?.get(path);
    return fd === undefined ? [flag, path, path] : [`${flag}-fd`, String(fd), path];
  };
  const size = options.tmpfsBytes === undefined ? [] : ["--size", String(options.tmpfsBytes)];
  const args = [
    ...SYSTEM_DIRS.flatMap((dir) => ["--ro-bind-try", dir, dir]),
    ...SYSTEM_ETC.flatMap((path) => ["--ro-bind-try", path, path]),
    "--dev", "/dev",
    ...size, "--tmpfs", "/dev/shm",
    "--proc", "/proc",
    ...PROC_READ_ONLY.flatMap((path) => ["--ro-bind-try", path, path]),
    ...size, "--tmpfs", "/tmp",
    ...size, "--tmpfs", "/var/tmp",
    ...(options.readOnlyPaths ?? []).flatMap((path) => bind(true, path)),
    ...(options.writablePaths ?? []).flatMap((path) => bind(false, path)),
    ...bind(!writable, worktree),
    "--remount-ro", "/dev",
    "--remount-ro", "/",
    "--unshare-all",
    "--unshare-user",
    "--disable-userns",
    ...(options.network ? ["--share-net"] : []),
    "--cap-drop", "ALL",
    "--new-session",
    "--die-with-parent",
    "--chdir", worktree,
  ];
  return { posture, worktreeWritable: writable, bwrapArgs: args };
}

/**
 * Projection 3 of the profile: worktree posture and the OS sandbox mount plan
 * (M5). Removing mutating tools does the work; mounting the worktree read-only
 * for every process a read-only run starts is the second copy of the guarantee.
 */
import { profileOf } from "./profiles";
import type { Mode, WorktreePosture } from "./types";

export function postureOf(mode: Mode): WorktreePosture {
  return profileOf(mode).posture;
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
 * bwrap argument list for a process started in `worktree`. Only system
 * directories and the worktree are mounted. As root, bwrap alone is no
 * boundary (a process keeping CAP_SYS_ADMIN can remount rw), so every plan
 * drops all capabilities; bwrap also sets no-new-privileges.
 */
export function mountPlan(posture: WorktreePosture, worktree: string, options: MountOptions): MountPlan {
  const writable = posture === "read-write";
  const args = [
    ...SYSTEM_DIRS.flatMap((dir) => ["--ro-bind-try", dir, dir]),
    ...SYSTEM_ETC.flatMap((path) => ["--ro-bind-try", path, path]),
    "--dev", "/dev",
    "--proc", "/proc",
    "--tmpfs", "/tmp",
    "--tmpfs", "/var/tmp",
    ...(options.readOnlyPaths ?? []).flatMap((path) => ["--ro-bind", path, path]),
    writable ? "--bind" : "--ro-bind", worktree, worktree,
    "--unshare-all",
    ...(options.network ? ["--share-net"] : []),
    "--cap-drop", "ALL",
    "--new-session",
    "--die-with-parent",
    "--chdir", worktree,
  ];
  return { posture, worktreeWritable: writable, bwrapArgs: args };
}

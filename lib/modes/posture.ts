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
  /** M7: read-only modes keep network egress; gate axes (R5) run without it */
  network: boolean;
}

/**
 * bwrap argument list for a process started in `worktree`. As root, bwrap alone
 * is no boundary (a process keeping CAP_SYS_ADMIN can remount rw), so every plan
 * drops all capabilities; bwrap also sets no-new-privileges.
 */
export function mountPlan(posture: WorktreePosture, worktree: string, options: MountOptions): MountPlan {
  const writable = posture === "read-write";
  const args = [
    "--ro-bind", "/", "/",
    "--dev", "/dev",
    "--proc", "/proc",
    "--tmpfs", "/tmp",
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

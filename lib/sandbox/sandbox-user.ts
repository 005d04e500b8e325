import "server-only";
/**
 * The host user sandboxed processes run as (H1). A uid mapped inside a user
 * namespace that root created is still root to the kernel, so a server running
 * as root drops to a dedicated unprivileged uid/gid *before* bubblewrap starts.
 * A server that is not root already is unprivileged and sandboxes as itself.
 *
 * Files the sandbox must be able to write (a room's worktree in a writable
 * mode) belong to that user; `handToSandboxUser` gives them over.
 */
import { constants } from "node:fs";
import { open, readdir } from "node:fs/promises";
import { env } from "../config/env";
import { spawnCapped } from "./spawn-capped";

export interface SandboxUser {
  uid: number;
  gid: number;
}

/** The uid/gid to drop to, or null when the server is not root (it then runs the sandbox as itself). */
export function sandboxUser(): SandboxUser | null {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return null;
  const { GATEHOUSE_SANDBOX_UID: uid, GATEHOUSE_SANDBOX_GID: gid } = env();
  return { uid, gid };
}

/**
 * The program prefix that turns root into the sandbox user for the rest of the
 * command line: real, effective and saved ids, no supplementary groups, no
 * capabilities to inherit or ever regain (empty bounding set), no-new-privileges.
 */
export function dropPrivilegesArgs(user: SandboxUser): string[] {
  return [
    "/usr/bin/setpriv",
    `--reuid=${user.uid}`,
    `--regid=${user.gid}`,
    "--clear-groups",
    "--inh-caps=-all",
    "--bounding-set=-all",
    "--no-new-privs",
    "--",
  ];
}

/**
 * Makes the contents of `dir` belong to the sandbox user, so a sandboxed
 * process in a writable mode can change them.
 *
 * The folder itself stays the server's, with the sandbox user's group and
 * group write: git on the host trusts only a worktree folder its own user
 * owns (safe.directory), and the sandbox user still creates, renames and
 * deletes entries in it. The top-level `.git` (a linked worktree's pointer,
 * or a repository's git data) stays the server's too. Symbolic links are
 * changed themselves, never followed (`chown -R -P`, which walks the tree
 * through directory handles).
 */
export async function handToSandboxUser(dir: string): Promise<void> {
  const user = sandboxUser();
  if (!user) return;
  const handle = await open(dir, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  try {
    const info = await handle.stat();
    await handle.chown(info.uid, user.gid);
    await handle.chmod((info.mode & 0o7777) | 0o070);
  } finally {
    await handle.close();
  }
  const entries = (await readdir(dir)).filter((name) => name !== ".git").map((name) => `./${name}`);
  if (entries.length === 0) return;
  const result = await spawnCapped("/bin/chown", ["-R", "-P", "--", `${user.uid}:${user.gid}`, ...entries], {
    cwd: dir,
    env: { PATH: "/usr/bin:/bin", LANG: "C" },
    timeoutMs: 120_000,
    maxOutputBytes: 64 * 1024,
  });
  if (result.exitCode !== 0) throw new Error(`could not hand ${dir} to the sandbox user: ${result.stderr.trim() || `exit ${result.exitCode}`}`);
}

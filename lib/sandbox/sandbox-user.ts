/**
 * The host user sandboxed processes run as (H1). A uid mapped inside a user
 * namespace that root created is still root to the kernel, so a server running
 * as root drops to a dedicated unprivileged uid/gid *before* bubblewrap starts.
 * A server that is not root already is unprivileged and sandboxes as itself.
 *
 * Files the sandbox must be able to write (a room's worktree in a writable
 * mode) belong to that user; `handToSandboxUser` gives them over.
 */
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
 * Makes `dir` and everything under it belong to the sandbox user, so a
 * sandboxed process in a writable mode can change it. Symbolic links are
 * changed themselves, never followed (`chown -R` defaults to -P).
 */
export async function handToSandboxUser(dir: string): Promise<void> {
  const user = sandboxUser();
  if (!user) return;
  const result = await spawnCapped("/bin/chown", ["-R", "--", `${user.uid}:${user.gid}`, dir], {
    cwd: "/",
    env: { PATH: "/usr/bin:/bin", LANG: "C" },
    timeoutMs: 120_000,
    maxOutputBytes: 64 * 1024,
  });
  if (result.exitCode !== 0) throw new Error(`could not hand ${dir} to the sandbox user: ${result.stderr.trim() || `exit ${result.exitCode}`}`);
}

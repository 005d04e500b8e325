/**
 * Is the OS sandbox (bubblewrap) present and actually a boundary on this host?
 * Checked once per bwrap path by running a probe inside it; the answer is cached
 * because it cannot change while the process runs (short of an admin installing
 * the package, after which a restart is expected).
 */
import { access, constants } from "node:fs/promises";
import { mountPlan } from "../modes/posture";
import { spawnCapped } from "./spawn-capped";

export const DEFAULT_BWRAP_PATH = "/usr/bin/bwrap";

export type SandboxStatus =
  | { available: true; bwrapPath: string }
  | { available: false; bwrapPath: string; reason: string };

const INSTALL_HINT = "Install it with `apt-get install -y bubblewrap` (Debian/Ubuntu) and restart Gatehouse.";

/**
 * The probe runs under the exact flags a read-only run gets and checks that the
 * process holds no capabilities: as root, a sandboxed process that kept
 * CAP_SYS_ADMIN could remount the worktree read-write (ENVIRONMENT.md).
 */
const PROBE = 'grep -Eq "^CapEff:[[:space:]]*0+$" /proc/self/status';

const cache = new Map<string, Promise<SandboxStatus>>();

export function detectSandbox(bwrapPath: string = DEFAULT_BWRAP_PATH): Promise<SandboxStatus> {
  let pending = cache.get(bwrapPath);
  if (!pending) {
    pending = probe(bwrapPath);
    cache.set(bwrapPath, pending);
  }
  return pending;
}

/** Tests only: forget cached answers. */
export function resetSandboxDetection(): void {
  cache.clear();
}

async function probe(bwrapPath: string): Promise<SandboxStatus> {
  if (process.platform !== "linux") {
    return { available: false, bwrapPath, reason: `the OS sandbox (bubblewrap) needs Linux; this host runs ${process.platform}` };
  }
  try {
    await access(bwrapPath, constants.X_OK);
  } catch {
    return { available: false, bwrapPath, reason: `bubblewrap was not found at ${bwrapPath}. ${INSTALL_HINT}` };
  }
  // Any existing directory will do as the "worktree"; /usr is read-only anyway.
  const plan = mountPlan("read-only", "/usr", { network: false });
  try {
    const result = await spawnCapped(bwrapPath, [...plan.bwrapArgs, "sh", "-c", PROBE], {
      cwd: "/usr",
      env: { PATH: "/usr/bin:/bin" },
      timeoutMs: 10_000,
      maxOutputBytes: 4096,
    });
    if (result.exitCode === 0) return { available: true, bwrapPath };
    const detail = (result.stderr || result.stdout).trim() || (result.timedOut ? "timed out" : `exit code ${result.exitCode}`);
    return {
      available: false,
      bwrapPath,
      reason: `bubblewrap at ${bwrapPath} is installed but a test run inside it failed (${detail}). ` +
        "It needs unprivileged user namespaces or root, and must be able to drop all capabilities.",
    };
  } catch (err) {
    return { available: false, bwrapPath, reason: `bubblewrap at ${bwrapPath} could not be started: ${(err as Error).message}` };
  }
}

/**
 * Is the OS sandbox (bubblewrap) present and actually a boundary on this host
 * (H1)? Checked once per bwrap path by running a probe inside it, under the
 * exact command line a read-only run gets; the answer is cached because it
 * cannot change while the process runs (short of an admin installing the
 * package, after which a restart is expected).
 */
import { access, chown, constants, lstat, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openMountSources } from "./open-mount-sources";
import { sandboxCommand, sandboxLimits } from "./sandbox-command";
import { sandboxUser, type SandboxUser } from "./sandbox-user";
import { spawnCapped } from "./spawn-capped";

export const DEFAULT_BWRAP_PATH = "/usr/bin/bwrap";

export type SandboxStatus =
  | { available: true; bwrapPath: string }
  | { available: false; bwrapPath: string; reason: string };

const INSTALL_HINT = "Install it with `apt-get install -y bubblewrap` (Debian/Ubuntu) and restart Gatehouse.";
const STARTED = "gatehouse-probe-started";
const OWNED = "created-by-the-sandbox";

/**
 * Each line the probe prints names a property that does not hold. Nothing it
 * does can change the host even in a broken sandbox: writability is tested by
 * opening a kernel setting for writing without writing, or by writing back the
 * value just read from a setting that only names core files (and core dumps
 * are off in the sandbox). Which host user the sandbox runs as is read from
 * outside: the owner of a file it creates in its scratch "worktree". (Inside,
 * /proc/self/uid_map only shows the parent namespace: bwrap nests two.)
 */
const PROBE = `
echo ${STARTED}
: > ${OWNED}
grep -Eq '^CapEff:[[:space:]]*0+$' /proc/self/status || echo "capabilities: the sandboxed process keeps capabilities (CapEff is not zero)"
for knob in kernel/core_pattern kernel/modprobe; do
  if (: >> /proc/sys/$knob) 2>/dev/null; then echo "/proc/sys: /proc/sys/$knob can be opened for writing"; fi
done
value=$(cat /proc/sys/kernel/core_uses_pid 2>/dev/null) && if (printf '%s\\n' "$value" > /proc/sys/kernel/core_uses_pid) 2>/dev/null; then echo "/proc/sys: writing /proc/sys/kernel/core_uses_pid succeeded"; fi
if [ -e /sys ]; then echo "/sys: the host's /sys is visible"; fi
if (: > /gatehouse-probe) 2>/dev/null; then echo "root: the sandbox's root file system is writable"; fi
grep -Eq '^Max processes +[0-9]+ +[0-9]+ ' /proc/self/limits || echo "limits: the number of processes is not limited"
grep -Eq '^Max address space +[0-9]+ +[0-9]+ ' /proc/self/limits || echo "limits: memory (address space) is not limited"
grep -Eq '^Max file size +[0-9]+ +[0-9]+ ' /proc/self/limits || echo "limits: file size is not limited"
grep -Eq '^Max core file size +0 +0 ' /proc/self/limits || echo "limits: core dumps are not off"
grep -Eq '^[^ ]+ /tmp tmpfs [^ ]*size=' /proc/mounts || echo "tmpfs: /tmp has no size limit"
exit 0
`;

const cache = new Map<string, Promise<SandboxStatus>>();

export function detectSandbox(bwrapPath: string = DEFAULT_BWRAP_PATH): Promise<SandboxStatus> {
  let pending = cache.get(bwrapPath);
  if (!pending) {
    pending = probeSandbox(bwrapPath, sandboxUser());
    cache.set(bwrapPath, pending);
  }
  return pending;
}

/** Tests only: forget cached answers. */
export function resetSandboxDetection(): void {
  cache.clear();
}

/**
 * Runs the probe with `user` as the sandbox's host user (null: as the server
 * itself, which is how a server that is not root runs it). Not cached.
 */
export async function probeSandbox(bwrapPath: string, user: SandboxUser | null): Promise<SandboxStatus> {
  if (process.platform !== "linux") {
    return { available: false, bwrapPath, reason: `the OS sandbox (bubblewrap) needs Linux; this host runs ${process.platform}` };
  }
  try {
    await access(bwrapPath, constants.X_OK);
  } catch {
    return { available: false, bwrapPath, reason: `bubblewrap was not found at ${bwrapPath}. ${INSTALL_HINT}` };
  }
  // A scratch folder stands in for a worktree, mounted the way a worktree is.
  const scratch = await mkdtemp(join(tmpdir(), "gatehouse-probe-"));
  try {
    if (user) await chown(scratch, user.uid, user.gid);
    const sources = await openMountSources([scratch], user);
    let result;
    try {
      const { file, args } = sandboxCommand({
        bwrapPath,
        user,
        posture: "read-write",
        worktree: scratch,
        mounts: { network: false, sourceFds: new Map([[scratch, 3]]) },
        limits: sandboxLimits(),
        command: PROBE,
      });
      result = await spawnCapped(file, args, {
        cwd: "/",
        env: { PATH: "/usr/bin:/bin" },
        timeoutMs: 10_000,
        maxOutputBytes: 16 * 1024,
        extraFds: [...sources.handles.values()].map((handle) => handle.fd),
      });
    } finally {
      await sources.close();
    }
    const lines = result.stdout.split("\n").map((line) => line.trim()).filter(Boolean);
    if (result.exitCode !== 0 || lines[0] !== STARTED) {
      const detail = (result.stderr || result.stdout).trim() || (result.timedOut ? "timed out" : `exit code ${result.exitCode}`);
      return {
        available: false,
        bwrapPath,
        reason:
          `bubblewrap at ${bwrapPath} is installed but a test run inside it failed (${detail}). ` +
          "It needs unprivileged user namespaces (user.max_user_namespaces above 0), setpriv and prlimit (util-linux).",
      };
    }
    const failed = lines.slice(1);
    const owner = await lstat(join(scratch, OWNED)).then((info) => info.uid, () => null);
    if (owner === 0) failed.unshift("uid: sandboxed processes run as root on the host (a file the probe created belongs to uid 0)");
    if (owner === null) failed.unshift("worktree: the probe could not create a file in its writable scratch folder");
    if (failed.length > 0) {
      return {
        available: false,
        bwrapPath,
        reason: `bubblewrap at ${bwrapPath} runs, but the sandbox is not a boundary on this host: ${failed.join("; ")}.`,
      };
    }
    return { available: true, bwrapPath };
  } catch (err) {
    return { available: false, bwrapPath, reason: `bubblewrap at ${bwrapPath} could not be started: ${(err as Error).message}` };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

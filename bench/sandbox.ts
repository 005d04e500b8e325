/**
 * The price of the H1 sandbox: starting one sandboxed `true`, p50/p99, the way
 * a run_command call starts it (runInSandbox: slot, mount handles, prlimit →
 * setpriv → bwrap → prlimit → sh), beside the command line alone and beside the
 * sandbox before H1 (bwrap run as root, capabilities dropped, nothing else).
 * The three are interleaved so machine load falls on each alike.
 */
import { performance } from "node:perf_hooks";
import { makeFixture } from "../lib/repos/git.test-support";
import { openMountSources } from "../lib/sandbox/open-mount-sources";
import { runInSandbox, SANDBOX_BASE_ENV } from "../lib/sandbox/run-in-sandbox";
import { sandboxCommand, sandboxLimits } from "../lib/sandbox/sandbox-command";
import { sandboxUser } from "../lib/sandbox/sandbox-user";
import { readyForSandbox } from "../lib/sandbox/sandbox.test-support";
import { spawnCapped } from "../lib/sandbox/spawn-capped";
import { percentileOf, type BenchResult } from "./stats";

const ROUNDS = 60;
const WARM_UP = 5;
const BWRAP = "/usr/bin/bwrap";

/** The bwrap command line before H1, verbatim: root, capabilities dropped, nothing more. */
function beforeH1Args(worktree: string): string[] {
  const system = ["/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/opt", "/etc/alternatives", "/etc/ssl", "/etc/ca-certificates", "/etc/resolv.conf", "/etc/hosts", "/etc/nsswitch.conf", "/etc/passwd", "/etc/group", "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime"];
  return [
    ...system.flatMap((p) => ["--ro-bind-try", p, p]),
    "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp", "--tmpfs", "/var/tmp",
    "--ro-bind", worktree, worktree,
    "--unshare-all", "--cap-drop", "ALL", "--new-session", "--die-with-parent", "--chdir", worktree,
    "sh", "-c", "true",
  ];
}

export async function benchSandbox(): Promise<BenchResult[]> {
  const fx = await makeFixture();
  try {
    await readyForSandbox(fx);
    const spawnOptions = { cwd: "/", env: { ...SANDBOX_BASE_ENV }, timeoutMs: 30_000, maxOutputBytes: 4096 };
    const user = sandboxUser();

    const runner = async () => {
      const r = await runInSandbox({ command: "true", worktree: fx.worktree, workspaceId: "bench", posture: "read-only", network: false, timeoutMs: 30_000, maxOutputBytes: 4096 });
      if (r.exitCode !== 0) throw new Error(`sandboxed true failed: ${r.stderr}`);
    };
    const commandLine = async () => {
      const sources = await openMountSources([fx.worktree], user);
      try {
        const { file, args } = sandboxCommand({
          bwrapPath: BWRAP,
          user,
          posture: "read-only",
          worktree: fx.worktree,
          mounts: { network: false, sourceFds: new Map([[fx.worktree, 3]]) },
          limits: sandboxLimits(),
          command: "true",
        });
        const r = await spawnCapped(file, args, { ...spawnOptions, extraFds: [...sources.handles.values()].map((h) => h.fd) });
        if (r.exitCode !== 0) throw new Error(`sandboxed true failed: ${r.stderr}`);
      } finally {
        await sources.close();
      }
    };
    const before = async () => {
      const r = await spawnCapped(BWRAP, beforeH1Args(fx.worktree), spawnOptions);
      if (r.exitCode !== 0) throw new Error(`bwrap before H1 failed: ${r.stderr}`);
    };

    const cases = [runner, commandLine, before];
    const times: number[][] = cases.map(() => []);
    for (let round = 0; round < WARM_UP + ROUNDS; round++) {
      for (const [i, run] of cases.entries()) {
        const started = performance.now();
        await run();
        if (round >= WARM_UP) times[i]!.push(performance.now() - started);
      }
    }
    const [runnerTimes, lineTimes, beforeTimes] = times as [number[], number[], number[]];
    const who = user ? `as uid ${user.uid}` : "as the server's own user";
    return [
      { name: `sandboxed \`true\` via runInSandbox, ${who} (p50)`, value: percentileOf(runnerTimes, 50), unit: "ms" },
      { name: `sandboxed \`true\` via runInSandbox, ${who} (p99)`, value: percentileOf(runnerTimes, 99), unit: "ms" },
      { name: "  the H1 command line alone: prlimit → setpriv → bwrap → prlimit → sh (p50)", value: percentileOf(lineTimes, 50), unit: "ms" },
      { name: "  the H1 command line alone (p99)", value: percentileOf(lineTimes, 99), unit: "ms" },
      { name: "  before H1: bwrap as root, capabilities dropped only (p50)", value: percentileOf(beforeTimes, 50), unit: "ms" },
      { name: "  before H1 (p99)", value: percentileOf(beforeTimes, 99), unit: "ms" },
      { name: "price of the H1 sandbox per command (runInSandbox p50 − before-H1 p50)", value: percentileOf(runnerTimes, 50) - percentileOf(beforeTimes, 50), unit: "ms" },
    ];
  } finally {
    await fx.cleanup();
  }
}

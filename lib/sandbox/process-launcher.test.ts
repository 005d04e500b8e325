/**
 * The process launcher starts the app's bounded children: with the same bounds
 * as a spawn from the app (timeout, abort, output budget, process group), with
 * the app's open descriptors as the very files the app opened (H2), and a
 * launcher that dies fails what it was running instead of running it again.
 */
import { mkdtemp, open, rename, mkdir, rm, writeFile } from "node:fs/promises";
import { constants } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProcessLauncher, launcherScript } from "./process-launcher";
import { processLauncher, spawnCapped } from "./spawn-capped";

const env = { PATH: process.env.PATH ?? "/usr/bin:/bin" };
const base = { cwd: "/", env, timeoutMs: 10_000, maxOutputBytes: 64 * 1024 };
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "launcher-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("process launcher", () => {
  it("H1: with the launcher on, the app's spawns start in the launcher, not by forking the app", async () => {
    expect(launcherScript()).not.toBeNull();
    // The operator's way back to forking the app itself.
    process.env.GATEHOUSE_PROCESS_LAUNCHER = "off";
    expect(launcherScript()).toBeNull();
    delete process.env.GATEHOUSE_PROCESS_LAUNCHER;
    const result = await spawnCapped("/bin/sh", ["-c", "echo $PPID"], base);
    expect(result.exitCode).toBe(0);
    const parent = Number(result.stdout.trim());
    expect(parent).not.toBe(process.pid);
    expect(parent).toBe(processLauncher()?.pid);
  });

  it("H1: the bounds hold through it — timeout, abort, output budget, input", async () => {
    const slow = await spawnCapped("/bin/sh", ["-c", "sleep 30"], { ...base, timeoutMs: 200 });
    expect(slow).toMatchObject({ timedOut: true, exitCode: null, signal: "SIGKILL" });

    const controller = new AbortController();
    const aborted = spawnCapped("/bin/sh", ["-c", "sleep 30"], { ...base, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect(await aborted).toMatchObject({ aborted: true, exitCode: null });

    const flood = await spawnCapped("/bin/sh", ["-c", "head -c 100000 /dev/zero | tr '\\0' x"], { ...base, maxOutputBytes: 1000 });
    expect(flood.stdout).toHaveLength(1000);
    expect(flood.truncated).toBe(true);

    expect((await spawnCapped("/bin/cat", [], { ...base, input: "through stdin" })).stdout).toBe("through stdin");
    await expect(spawnCapped("/nonexistent/program", [], base)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("H2: a handed-over descriptor is the directory the app opened, even after its path was swapped", async () => {
    const real = path.join(dir, "real");
    const place = path.join(dir, "place");
    await mkdir(real);
    await writeFile(path.join(real, "marker"), "the app's directory");
    await rename(real, place);
    const handle = await open(place, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    try {
      // Swapped after the open: the path now names another directory.
      await rename(place, path.join(dir, "moved"));
      await mkdir(place);
      await writeFile(path.join(place, "marker"), "a planted directory");
      const result = await spawnCapped("/bin/sh", ["-c", "cat /dev/fd/3/marker"], { ...base, extraFds: [handle.fd] });
      expect(result.stdout).toBe("the app's directory");

      const file = await open(path.join(dir, "moved", "marker"), "r");
      try {
        expect((await spawnCapped("/bin/cat", [], { ...base, inputFd: file.fd })).stdout).toBe("the app's directory");
      } finally {
        await file.close();
      }
    } finally {
      await handle.close();
    }
  });

  it("H1: a launcher that dies fails the command it was running, and the next spawn gets a new launcher", async () => {
    const launcher = createProcessLauncher(launcherScript()!);
    const running = launcher.run("/bin/sh", ["-c", "sleep 30"], base);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const first = launcher.pid!;
    process.kill(first, "SIGKILL");
    await expect(running).rejects.toThrow(/process launcher stopped/);
    const next = await launcher.run("/bin/echo", ["again"], base);
    expect(next.stdout).toBe("again\n");
    expect(launcher.pid).not.toBe(first);
  });
});

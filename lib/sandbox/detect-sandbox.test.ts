/**
 * H1: the start-up probe checks the properties that make the sandbox a
 * boundary, not just that bwrap starts. Each broken variant below is the real
 * bwrap behind a wrapper script that changes one thing about the command line
 * (or the launcher that omits the uid drop); the probe must refuse it and name
 * the property. Nothing here can change the host: the probe only opens kernel
 * settings for writing, or writes back the value it just read.
 *
 * The suite runs as root, as the server does in production (ENVIRONMENT.md).
 */
import { readFileSync } from "node:fs";
import { chmod, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempRoot } from "../repos/git.test-support";
import { DEFAULT_BWRAP_PATH, probeSandbox } from "./detect-sandbox";
import { sandboxLimits } from "./sandbox-command";
import { sandboxUser } from "./sandbox-user";

let root: string;
beforeAll(async () => {
  root = await makeTempRoot("gatehouse-probe-test-");
  // The wrappers run as the sandbox user, which must pass through to them.
  await chmod(root, 0o711);
});
afterAll(() => rm(root, { recursive: true, force: true }));

let wrappers = 0;

/**
 * A bwrap that drops one run of consecutive arguments (`drop`) from the command
 * line it is given and puts `add` in front, then runs the real bwrap.
 */
async function brokenBwrap(change: { drop?: string[]; add?: string[] }): Promise<string> {
  const drop = change.drop ?? [];
  const quote = (word: string) => `'${word}'`;
  const matches = drop.map((word, i) => (i === 0 ? `[ "$a" = ${quote(word)} ]` : `[ "\${${i}:-}" = ${quote(word)} ]`)).join(" && ");
  const script = [
    "#!/bin/sh",
    "skip=0",
    "for a do",
    "  shift",
    '  if [ "$skip" -gt 0 ]; then skip=$((skip - 1)); continue; fi',
    ...(drop.length ? [`  if ${matches}; then skip=${drop.length - 1}; continue; fi`] : []),
    '  set -- "$@" "$a"',
    "done",
    `exec ${DEFAULT_BWRAP_PATH} ${(change.add ?? []).map(quote).join(" ")} "$@"`,
    "",
  ].join("\n");
  const file = path.join(root, `bwrap-${++wrappers}`);
  await writeFile(file, script, { mode: 0o755 });
  return file;
}

const hostValues = () => ["kernel/core_pattern", "kernel/core_uses_pid"].map((knob) => readFileSync(`/proc/sys/${knob}`, "utf8"));

describe("the sandbox probe (H1)", () => {
  it("H1: the real sandbox passes every check", async () => {
    expect(process.getuid?.()).toBe(0);
    expect(await probeSandbox(DEFAULT_BWRAP_PATH, sandboxUser())).toEqual({ available: true, bwrapPath: DEFAULT_BWRAP_PATH });
  });

  it("H1: a launcher that omits the uid drop is refused, naming the uid and the writable /proc/sys, and changes nothing", async () => {
    const before = hostValues();
    const bwrap = await brokenBwrap({ drop: ["--ro-bind-try", "/proc/sys", "/proc/sys"] });
    const status = await probeSandbox(bwrap, null);
    expect(status.available).toBe(false);
    if (!status.available) {
      expect(status.reason).toMatch(/not a boundary/);
      expect(status.reason).toMatch(/uid: sandboxed processes run as root on the host/);
      expect(status.reason).toMatch(/\/proc\/sys: \/proc\/sys\/kernel\/core_pattern can be opened for writing/);
    }
    expect(hostValues()).toEqual(before);
  });

  it("H1: without the uid drop, the read-only /proc/sys alone is not enough: the uid is still named", async () => {
    const status = await probeSandbox(DEFAULT_BWRAP_PATH, null);
    expect(status.available).toBe(false);
    if (!status.available) {
      expect(status.reason).toMatch(/uid: sandboxed processes run as root on the host/);
      expect(status.reason).not.toMatch(/\/proc\/sys:/);
    }
  });

  it("H1: a sandbox that shows the host's /sys is refused, naming /sys", async () => {
    const status = await probeSandbox(await brokenBwrap({ add: ["--ro-bind", "/sys", "/sys"] }), sandboxUser());
    expect(status).toMatchObject({ available: false, reason: expect.stringMatching(/\/sys: the host's \/sys is visible/) });
  });

  it("H1: a sandbox that keeps capabilities is refused, naming them", async () => {
    const status = await probeSandbox(await brokenBwrap({ drop: ["--cap-drop", "ALL"], add: ["--cap-add", "ALL"] }), sandboxUser());
    expect(status).toMatchObject({ available: false, reason: expect.stringMatching(/capabilities: the sandboxed process keeps capabilities/) });
  });

  it("H1: a sandbox whose root file system stays writable is refused, naming it", async () => {
    const status = await probeSandbox(await brokenBwrap({ drop: ["--remount-ro", "/"] }), sandboxUser());
    expect(status).toMatchObject({ available: false, reason: expect.stringMatching(/root: the sandbox's root file system is writable/) });
  });

  it("H1: a /tmp without a size limit is refused, naming the tmpfs", async () => {
    const status = await probeSandbox(await brokenBwrap({ drop: ["--size", String(sandboxLimits().tmpfsBytes), "--tmpfs", "/tmp"], add: ["--tmpfs", "/tmp"] }), sandboxUser());
    expect(status).toMatchObject({ available: false, reason: expect.stringMatching(/tmpfs: \/tmp has no size limit/) });
  });
});

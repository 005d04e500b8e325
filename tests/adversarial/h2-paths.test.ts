/**
 * H2 under attack: path confinement of the file tools holds while the tree
 * changes under them. A racer process (the agent's shell, in a writable mode)
 * flips a directory or file inside the worktree between the real thing and a
 * symbolic link to a host directory outside, as fast as it can, while the
 * tools read, write, edit, delete, list, glob and grep through it many times.
 *
 * Nothing outside may ever be read (the host secret and the host-only file
 * name never appear in any result or error, and never get copied into the
 * worktree), written, created or deleted (the host tree stays byte-for-byte the
 * same, checked after every call). Each test also proves it was not vacuous:
 * the racer kept flipping to the end and the tool succeeded on some calls.
 *
 * Variants: the swapped entry is the parent directory of the path, a deeper
 * ancestor, or the last component (file ↔ symlink). The operation × variant
 * pairs here are the ones a check-then-open implementation loses.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, constants, fstatSync, ftruncateSync, openSync, readdirSync, readFileSync, writeFileSync, writeSync } from "node:fs";
import { lstat, mkdir, readdir, readFile, rename, rm, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { advanceRun } from "../../lib/harness/lifecycle/advance-run";
import { harnessFixture } from "../../lib/harness/harness.test-support";
import { gitSync, makeFixture, snapshotTree, type Fixture } from "../../lib/repos/git.test-support";
import { deleteFileTool } from "../../lib/tools/delete-file";
import { editFileTool } from "../../lib/tools/edit-file";
import { globTool } from "../../lib/tools/glob";
import { grepTool } from "../../lib/tools/grep";
import { listDirTool } from "../../lib/tools/list-dir";
import { readFileTool } from "../../lib/tools/read-file";
import { callTool, outputOf, toolContext } from "../../lib/tools/tools.test-support";
import type { ToolDefinition } from "../../lib/tools/types";
import { writeFileTool } from "../../lib/tools/write-file";

const RACER = fileURLToPath(new URL("./swap-racer.mjs", import.meta.url));
/**
 * Each operation races for this many calls (grep: a fifth, each is a process),
 * or until the time cap on a slow machine. Bounded; timing is never asserted.
 */
const CALLS = Number(process.env.H2_RACE_CALLS ?? 600);
const MAX_MS = Number(process.env.H2_RACE_MAX_MS ?? 8000);
/** longest time the racer holds one state (µs) */
const HOLD_US = process.env.H2_HOLD_US ?? "2000";

const HOST_SECRET = "HOST-SECRET-7f3a9c";
const HOST_ONLY_NAME = "host-only-7f3a9c.txt";
/** Many same-named files on both sides keep a directory walk (glob, grep) busy while the racer flips. */
const MANY = 60;
const many = (dir: string, content: (i: number) => string) =>
  Object.fromEntries(Array.from({ length: MANY }, (_, i) => [`${dir}f-${i}.txt`, content(i)]));
const HOST_FILES: Record<string, string> = {
  ...many("", () => `${HOST_SECRET} many\n`),
  ...many("b/c/", () => `${HOST_SECRET} many\n`),
  "secret.txt": `${HOST_SECRET} TOKEN\n`,
  "victim.txt": `${HOST_SECRET} victim\n`,
  [HOST_ONLY_NAME]: `${HOST_SECRET}\n`,
  "b/c/secret.txt": `${HOST_SECRET} TOKEN\n`,
  "b/c/victim.txt": `${HOST_SECRET} victim\n`,
  [`b/c/${HOST_ONLY_NAME}`]: `${HOST_SECRET}\n`,
  [`b/${HOST_ONLY_NAME}`]: `${HOST_SECRET}\n`,
};
const INSIDE_FILES: Record<string, string> = {
  ...many("dir/", (i) => `inside many ${i}\n`),
  ...many("a/b/c/", (i) => `inside many ${i}\n`),
  "dir/secret.txt": "inside TOKEN\n",
  "dir/victim.txt": "inside victim\n",
  "dir/plain.txt": "inside plain\n",
  "dir/b/plain.txt": "inside plain\n",
  "a/b/c/secret.txt": "inside TOKEN\n",
  "a/b/c/victim.txt": "inside victim\n",
  "a/b/c/plain.txt": "inside plain\n",
};

interface Variant {
  name: string;
  /** the entry the racer flips, relative to the worktree */
  entry: string;
  /** where its symlink points, relative to the host tree */
  target: string;
  /** the real directory the tools' files live in (held open by the test to restore victims) */
  realDir: string;
  /** the directory the tools glob and grep */
  dir: string;
  /** the directory list_dir lists: below the swapped entry */
  listed: string;
}

const PARENT: Variant = { name: "parent directory", entry: "dir", target: ".", realDir: "dir", dir: "dir", listed: "dir/b" };
const ANCESTOR: Variant = { name: "deeper ancestor", entry: "a", target: ".", realDir: "a/b/c", dir: "a/b/c", listed: "a/b/c" };
const LAST: Variant = { name: "last component", entry: "dir/secret.txt", target: "secret.txt", realDir: "dir", dir: "dir", listed: "dir" };

let fx: Fixture;
let host: string;
let hostSnapshot: string;
let racer: ChildProcess | null = null;
let heldDir: number | null = null;

async function writeTree(root: string, files: Record<string, string>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), content);
  }
}

const snapshotHost = async () => JSON.stringify([...(await snapshotTree(host))]);

beforeEach(async () => {
  fx = await makeFixture();
  host = path.join(fx.outside, "host");
  await writeTree(host, HOST_FILES);
  hostSnapshot = await snapshotHost();
  await writeTree(fx.worktree, INSIDE_FILES);
  // Tracked, so grep reads them by path the way git reads tracked files.
  gitSync(fx.worktree, ["add", "-A"]);
  gitSync(fx.worktree, ["-c", "user.name=t", "-c", "user.email=t@example.test", "commit", "-q", "-m", "race fixture"]);
});

afterEach(async () => {
  if (racer && racer.exitCode === null) {
    const gone = new Promise((resolve) => racer!.once("exit", resolve));
    racer.kill("SIGKILL");
    await gone;
  }
  racer = null;
  if (heldDir !== null) closeSync(heldDir);
  heldDir = null;
  await fx.cleanup();
});

async function startRacer(variant: Variant): Promise<void> {
  const entry = path.join(fx.worktree, variant.entry);
  heldDir = openSync(path.join(fx.worktree, variant.realDir), constants.O_RDONLY | constants.O_DIRECTORY);
  const child = spawn(process.execPath, [RACER, entry, `${entry}.aside`, path.join(host, variant.target), HOLD_US], { stdio: ["ignore", "pipe", "inherit"] });
  racer = child;
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`the racer exited early (${code})`)));
  });
}

/** Stops the racer and puts the worktree back the way it was, so the final checks see a quiet tree. */
async function stopRacer(variant: Variant): Promise<void> {
  expect(racer?.exitCode, "the racer stopped flipping before the end").toBeNull();
  const child = racer!;
  const gone = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await gone;
  racer = null;
  const entry = path.join(fx.worktree, variant.entry);
  const info = await lstat(entry).catch(() => null);
  if (info?.isSymbolicLink()) await unlink(entry);
  if (!info || info.isSymbolicLink()) await rename(`${entry}.aside`, entry);
}

/** Puts the host tree back after a leak so later calls can be counted too. */
async function restoreHost(): Promise<void> {
  await rm(host, { recursive: true, force: true });
  await writeTree(host, HOST_FILES);
}

/** Every regular file in the worktree (not following links, skipping .git) whose content holds the host secret. */
async function secretCopiesInside(dir = fx.worktree): Promise<string[]> {
  const found: string[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (name === ".git") continue;
    const full = path.join(dir, name);
    const info = await lstat(full).catch(() => null);
    if (info?.isDirectory()) found.push(...(await secretCopiesInside(full)));
    else if (info?.isFile() && (await readFile(full, "utf8").catch(() => "")).includes(HOST_SECRET)) found.push(path.relative(fx.worktree, full));
  }
  return found;
}

interface Tally {
  calls: number;
  succeeded: number;
  /** calls after which something outside was read, written, created or deleted */
  leaks: number;
  examples: string[];
}

/**
 * Calls the tool over and over while the racer runs. `before` prepares each
 * call (e.g. restores the victim a delete removed, through the held directory).
 */
async function race<I>(
  tool: ToolDefinition<I>,
  argsFor: (i: number) => unknown,
  options: { mutates: boolean; before?: () => void; calls?: number },
): Promise<Tally> {
  const ctx = toolContext(fx.worktree, "chat");
  const tally: Tally = { calls: 0, succeeded: 0, leaks: 0, examples: [] };
  const started = performance.now();
  // Past the target only until the tool has succeeded once (proof it was working during the race).
  while ((tally.calls < (options.calls ?? CALLS) || tally.succeeded === 0) && performance.now() - started < MAX_MS) {
    options.before?.();
    let text: string;
    try {
      text = outputOf(await callTool(tool, argsFor(tally.calls), ctx));
      tally.succeeded++;
    } catch (err) {
      text = (err as Error).message;
    }
    tally.calls++;
    let leaked = text.includes(HOST_SECRET) || text.includes(HOST_ONLY_NAME);
    if (options.mutates) {
      if (!hostLooksUntouched()) {
        leaked = true;
        await restoreHost();
      }
      if (restoreSecretCopies() > 0) leaked = true;
    }
    if (leaked) {
      tally.leaks++;
      if (tally.examples.length < 3) tally.examples.push(text.slice(0, 200));
    }
  }
  return tally;
}

async function expectHeld(variant: Variant, tally: Tally): Promise<void> {
  await stopRacer(variant);
  console.log(`H2 race, ${variant.name}: ${tally.calls} calls, ${tally.succeeded} succeeded, ${tally.leaks} leaked`);
  expect(tally.leaks, `leaked on ${tally.leaks} of ${tally.calls} calls, e.g. ${JSON.stringify(tally.examples)}`).toBe(0);
  expect(await snapshotHost()).toBe(hostSnapshot);
  expect(await secretCopiesInside()).toEqual([]);
  expect(tally.succeeded, "the tool never succeeded during the race, so the test proved nothing").toBeGreaterThan(0);
}

/**
 * A quick look after each call at what a leaking write, edit or delete would
 * change: the host directories' names and the files the tools aim at. (The
 * whole host tree is compared byte for byte at the end of each test.)
 */
function hostLooksUntouched(): boolean {
  for (const dir of ["", "b/c/"]) {
    const expected = Object.keys(HOST_FILES).filter((name) => name.startsWith(dir) && !name.slice(dir.length).includes("/")).map((name) => name.slice(dir.length));
    const names = readdirSync(path.join(host, dir)).filter((name) => name !== "b");
    if (names.sort().join("/") !== expected.sort().join("/")) return false;
    for (const name of ["secret.txt", "victim.txt"]) {
      if (readFileSync(path.join(host, dir, name), "utf8") !== HOST_FILES[`${dir}${name}`]) return false;
    }
  }
  return true;
}

/**
 * Files the edits aim at, in the held real directory, that now hold the host
 * secret (a tool read it through a link and wrote it back inside): reset to
 * inside text. Never follows a link: the racer's symlink there points at the
 * host secret.
 */
function restoreSecretCopies(): number {
  let copies = 0;
  for (const name of ["secret.txt", "secret.txt.aside"]) {
    let fd: number;
    try {
      fd = openSync(`/proc/self/fd/${heldDir}/${name}`, constants.O_RDWR | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    } catch {
      continue; // a link, a directory or gone
    }
    try {
      if (fstatSync(fd).isFile() && readFileSync(fd, "utf8").includes(HOST_SECRET)) {
        copies++;
        ftruncateSync(fd, 0);
        writeSync(fd, "inside TOKEN\n", 0);
      }
    } finally {
      closeSync(fd);
    }
  }
  return copies;
}

function restoreVictim(): void {
  writeFileSync(`/proc/self/fd/${heldDir}/victim.txt`, "inside victim\n");
}

const file = (variant: Variant, name: string) => `${variant.dir}/${name}`;

describe.each([PARENT, ANCESTOR])("H2: a swapped $name", (variant) => {
  it(`H2: read_file never reads outside while the ${variant.name} flips to a symlink`, async () => {
    await startRacer(variant);
    await expectHeld(variant, await race(readFileTool, () => ({ path: file(variant, "secret.txt") }), { mutates: false }));
  });

  it(`H2: write_file never writes or creates outside while the ${variant.name} flips to a symlink`, async () => {
    await startRacer(variant);
    const tally = await race(
      writeFileTool,
      (i) => ({ path: file(variant, i % 2 === 0 ? "secret.txt" : `new-${i}.txt`), content: `written ${i}\n` }),
      { mutates: true },
    );
    await expectHeld(variant, tally);
  });

  it(`H2: edit_file never edits outside while the ${variant.name} flips to a symlink`, async () => {
    await startRacer(variant);
    const tally = await race(editFileTool, () => ({ path: file(variant, "secret.txt"), oldText: "TOKEN", newText: "TOKEN " }), {
      mutates: true,
    });
    await expectHeld(variant, tally);
  });

  it(`H2: delete_file never deletes outside while the ${variant.name} flips to a symlink`, async () => {
    await startRacer(variant);
    const tally = await race(deleteFileTool, () => ({ path: file(variant, "victim.txt") }), { mutates: true, before: restoreVictim });
    await expectHeld(variant, tally);
  });

  it(`H2: list_dir never lists outside while the ${variant.name} flips to a symlink`, async () => {
    await startRacer(variant);
    await expectHeld(variant, await race(listDirTool, () => ({ path: variant.listed }), { mutates: false }));
  });

  it(`H2: glob never walks outside while the ${variant.name} flips to a symlink`, async () => {
    await startRacer(variant);
    await expectHeld(variant, await race(globTool, (i) => ({ pattern: i % 2 === 0 ? "**/*.txt" : `${variant.dir}/*` }), { mutates: false }));
  });

  it(`H2: grep never searches outside while the ${variant.name} flips to a symlink`, async () => {
    await startRacer(variant);
    const tally = await race(grepTool, (i) => (i % 2 === 0 ? { pattern: "TOKEN|HOST" } : { pattern: "TOKEN|HOST", path: variant.dir }), {
      mutates: false,
      calls: CALLS / 5,
    });
    await expectHeld(variant, tally);
  });
});

describe("H2: a swapped last component (file ↔ symlink)", () => {
  it("H2: read_file never reads outside while the file flips to a symlink", async () => {
    await startRacer(LAST);
    await expectHeld(LAST, await race(readFileTool, () => ({ path: "dir/secret.txt" }), { mutates: false }));
  });

  it("H2: edit_file never reads, copies in or edits outside while the file flips to a symlink", async () => {
    await startRacer(LAST);
    const tally = await race(editFileTool, () => ({ path: "dir/secret.txt", oldText: "TOKEN", newText: "TOKEN " }), { mutates: true });
    await expectHeld(LAST, tally);
  });
});

describe("H2: through the real harness", () => {
  it("H2: a scripted agent's reads, writes, edits, deletes, listings, globs and greps under a racing swap never reach outside", async () => {
    await startRacer(PARENT);
    const round = [
      { name: "read_file", args: { path: "dir/secret.txt" } },
      { name: "write_file", args: { path: "dir/new.txt", content: "written\n" } },
      { name: "edit_file", args: { path: "dir/secret.txt", oldText: "TOKEN", newText: "TOKEN " } },
      { name: "delete_file", args: { path: "dir/victim.txt" } },
      { name: "list_dir", args: { path: "dir" } },
      { name: "glob", args: { pattern: "dir/**" } },
      { name: "grep", args: { pattern: "TOKEN|HOST", path: "dir" } },
    ];
    // Two rounds per model turn (the harness takes at most 16 calls per turn).
    const steps = Array.from({ length: 20 }, () => ({ toolCalls: [...round, ...round] }));
    const h = harnessFixture({ mode: "chat", worktree: fx.worktree, maxSteps: steps.length + 2, script: { scenarios: [{ steps: [...steps, { text: "done" }] }] } });
    h.startRun("race", "race");
    await advanceRun(h.deps, "race");
    const calls = [...h.store.calls.values()];
    expect(calls.length).toBe(20 * 2 * round.length);
    const results = calls.map((c) => JSON.stringify(c.result ?? ""));
    const tally: Tally = {
      calls: calls.length,
      succeeded: calls.filter((c) => c.status === "executed").length,
      leaks: results.filter((r) => r.includes(HOST_SECRET) || r.includes(HOST_ONLY_NAME)).length,
      examples: results.filter((r) => r.includes(HOST_SECRET) || r.includes(HOST_ONLY_NAME)).slice(0, 3),
    };
    await expectHeld(PARENT, tally);
  });
});

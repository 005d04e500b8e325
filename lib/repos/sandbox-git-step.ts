import "server-only";
/**
 * H6: how git that must read or write a worktree's files runs — inside the OS
 * sandbox, as the sandbox user, never on the host.
 *
 * A step gets a folder of its own under the staging folder (the only place it
 * may write besides, for some steps, the worktree) and a git directory it
 * builds on its own scratch file system: a fixed config, attributes that unset
 * every filter, diff and merge driver, a detached HEAD at the commit the host
 * names, and Gatehouse's mirror's objects as a read-only alternate. It never
 * sees the mirror's config, refs or hooks, nor the worktree's `.git`: git is
 * told GIT_DIR, GIT_WORK_TREE and GIT_INDEX_FILE. What it hands back — a
 * tree id, a pack of the objects it wrote, an index for the worktree — the
 * host reads as data only (`readStepFile`, `openStepFile`: no links, regular
 * files, bounded), and checks before it uses any of it.
 */
import { randomUUID } from "node:crypto";
import { constants } from "node:fs";
import { chown, mkdir, open, realpath, rm, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { stagingDir } from "../config/data-dir";
import { runInSandbox, type SandboxRunResult } from "../sandbox/run-in-sandbox";
import { sandboxUser } from "../sandbox/sandbox-user";
import type { WorktreeGit } from "./worktree-git";

/** A worktree as Gatehouse recorded it (H2): its folder, its git data, and whose it is. */
export interface WorktreeOnRecord {
  path: string;
  git: WorktreeGit;
  /** its sandboxed steps count against this workspace's concurrent sandboxes (H1) */
  workspaceId: string;
  signal?: AbortSignal;
}

/** A step that failed inside the sandbox; `stderr` is git's own words there. */
export class SandboxedGitError extends Error {
  constructor(
    readonly step: string,
    readonly exitCode: number | null,
    readonly stderr: string,
    readonly timedOut: boolean,
  ) {
    const detail = stderr.trim().split("\n").slice(-5).join("\n");
    super(`git ${step} ${timedOut ? "timed out" : `failed (exit ${exitCode ?? "by signal"})`}${detail ? `: ${detail}` : ""}`);
    this.name = "SandboxedGitError";
  }
}

/**
 * Config every git inside a step or a sandboxed read gets on its command line.
 * Inside the sandbox a program git started could not reach the host anyway;
 * these keep a nested repository's or a worktree's settings from starting
 * anything at all, and keep git out of nested repositories.
 */
export const SANDBOX_GIT_CONFIG = [
  "-c", "core.hooksPath=/dev/null",
  "-c", "core.fsmonitor=false",
  "-c", "core.untrackedCache=false",
  "-c", "core.attributesFile=/dev/null",
  "-c", "core.splitIndex=false",
  "-c", "core.quotePath=false",
  "-c", "submodule.recurse=false",
  "-c", "status.submoduleSummary=false",
  "-c", "diff.ignoreSubmodules=all",
  "-c", "gc.auto=0",
  "-c", "maintenance.auto=false",
  "-c", "safe.directory=*",
];

/** The environment of every git in the sandbox (on top of the sandbox's own minimal one). */
export const SANDBOX_GIT_ENV: Readonly<Record<string, string>> = {
  LC_ALL: "C",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_ATTR_NOSYSTEM: "1",
  GIT_TERMINAL_PROMPT: "0",
  GIT_NO_REPLACE_OBJECTS: "1",
};

/** One word for `sh`: single-quoted. */
function word(arg: string): string {
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/**
 * The first lines of every step script: the scratch git directory, and `G`,
 * git with SANDBOX_GIT_CONFIG, in the work tree. Variables: WT (the
 * worktree), OUT (the step folder), OBJECTS (the mirror's objects), AT (the
 * commit HEAD names).
 */
export const STEP_PRELUDE = `set -u
g=/tmp/gatehouse-git
mkdir -p "$g/objects/info" "$g/refs" "$g/info" || exit 90
printf '[core]\\n\\trepositoryformatversion = 0\\n\\tbare = false\\n\\tlogAllRefUpdates = false\\n' > "$g/config"
printf '* !filter !diff !merge\\n' > "$g/info/attributes"
printf '%s\\n' "$OBJECTS" > "$g/objects/info/alternates"
printf '%s\\n' "$AT" > "$g/HEAD"
export GIT_DIR="$g" GIT_WORK_TREE="$WT" GIT_INDEX_FILE="$OUT/index"
G() { git ${SANDBOX_GIT_CONFIG.map(word).join(" ")} "$@"; }
cd "$WT" || exit 91
# The worktree's index (stat data saves hashing unchanged files again), when the host put a copy here.
[ -f "$OUT/index.in" ] && cp "$OUT/index.in" "$OUT/index"
`;

/** Exit codes a step script uses, by the git step that failed. */
export const STEP_EXIT: Record<number, string> = { 90: "setup", 91: "setup", 20: "read-tree", 21: "update-index", 22: "write-tree", 23: "pack-objects", 24: "read-tree -u" };

export interface StepFolder {
  dir: string;
  cleanup(): Promise<void>;
}

/**
 * A fresh folder for one step, under the staging folder (never inside a
 * worktree, and never a place host git runs: host-git-paths.ts refuses it),
 * owned by the sandbox user so the step can write it.
 */
export async function makeStepFolder(): Promise<StepFolder> {
  await mkdir(stagingDir(), { recursive: true, mode: 0o700 });
  const made = path.join(stagingDir(), `git-step-${randomUUID()}`);
  await mkdir(made, { mode: 0o700 });
  // Mounted at this path inside the sandbox: the real one.
  const dir = await realpath(made);
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Hands the folder (and what the host put in it) to the sandbox user, just before the step runs. */
export async function handStepFolder(dir: string): Promise<void> {
  const user = sandboxUser();
  if (user) await chown(dir, user.uid, user.gid);
}

export interface StepRun {
  script: string;
  worktree: WorktreeOnRecord;
  /** the sandbox's writable "worktree": the step folder (the real worktree then read-only), or the real worktree */
  writable: "step" | "worktree";
  step: StepFolder;
  /** the mirror's objects folder */
  objects: string;
  /** the commit HEAD names in the step's git directory */
  at: string;
  env?: Record<string, string>;
  /** the script's positional parameters ("$@"): arguments no shell reads */
  args?: readonly string[];
  timeoutMs: number;
}

export async function runStep(run: StepRun): Promise<SandboxRunResult> {
  await handStepFolder(run.step.dir);
  // bwrap binds the paths it is given: real paths, so WT inside is the very folder mounted.
  const [worktree, objects] = await Promise.all([realpath(run.worktree.path), realpath(run.objects)]);
  const common = {
    command: run.script,
    workspaceId: run.worktree.workspaceId,
    posture: "read-write" as const,
    network: false,
    timeoutMs: run.timeoutMs,
    maxOutputBytes: 256 * 1024,
    ...(run.args?.length ? { commandArgs: run.args } : {}),
    env: { ...SANDBOX_GIT_ENV, WT: worktree, OUT: run.step.dir, OBJECTS: objects, AT: run.at, ...run.env },
    ...(run.worktree.signal ? { signal: run.worktree.signal } : {}),
  };
  return run.writable === "step"
    ? runInSandbox({ ...common, worktree: run.step.dir, readOnlyMounts: [worktree, objects] })
    : runInSandbox({ ...common, worktree, writableMounts: [run.step.dir], readOnlyMounts: [objects] });
}

/** Throws SandboxedGitError for a step that did not finish. */
export function stepSucceeded(result: SandboxRunResult, what: string): void {
  if (result.exitCode === 0 && !result.timedOut) return;
  const step = (result.exitCode !== null ? STEP_EXIT[result.exitCode] : undefined) ?? what;
  throw new SandboxedGitError(step, result.exitCode, result.stderr, result.timedOut);
}

/**
 * Opens a file the step wrote, as data: never through a link, only a regular
 * file, at most `maxBytes`. Null when the step wrote none.
 */
export async function openStepFile(step: StepFolder, name: string, maxBytes: number): Promise<FileHandle | null> {
  let handle: FileHandle;
  try {
    handle = await open(path.join(step.dir, name), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new Error(`the sandboxed step left ${name} as something other than a plain file`);
  }
  const info = await handle.stat();
  if (!info.isFile() || info.size > maxBytes) {
    await handle.close();
    throw new Error(`the sandboxed step left ${name} as ${info.isFile() ? `a file larger than ${maxBytes} bytes` : "something other than a plain file"}`);
  }
  return handle;
}

/** A small text file the step wrote, or null. */
export async function readStepFile(step: StepFolder, name: string, maxBytes: number): Promise<string | null> {
  const handle = await openStepFile(step, name, maxBytes);
  if (!handle) return null;
  try {
    return await handle.readFile("utf8");
  } finally {
    await handle.close();
  }
}

/**
 * Test support: real git repositories and linked worktrees in temp dirs.
 *
 * Fixtures live under /var/tmp, not /tmp: inside the sandbox /tmp is a fresh
 * tmpfs, so a sentinel under /tmp would be invisible to a sandboxed process and
 * prove nothing. Under /var/tmp the sentinel is visible (read-only) and an
 * attempt to change it really meets the mount.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, readlink, realpath, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { WorktreeGit } from "./worktree-git";

export const FIXTURE_PARENT = "/var/tmp";

const GIT_ENV: Record<string, string> = {
  PATH: "/usr/local/bin:/usr/bin:/bin",
  HOME: "/dev/null",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_AUTHOR_NAME: "Test Person",
  GIT_AUTHOR_EMAIL: "person@example.test",
  GIT_COMMITTER_NAME: "Test Person",
  GIT_COMMITTER_EMAIL: "person@example.test",
  GIT_CONFIG_NOSYSTEM: "1",
};

/** Plain synchronous git for fixtures (trusted arguments only). */
export function gitSync(cwd: string, args: string[], input?: string): string {
  // safe.directory: worktrees are handed to the sandbox user, another uid when tests run as root.
  return execFileSync("git", ["-c", "init.defaultBranch=main", "-c", "safe.directory=*", ...args], { cwd, env: GIT_ENV as NodeJS.ProcessEnv, input, encoding: "utf8" });
}

export async function makeTempRoot(prefix = "gatehouse-test-"): Promise<string> {
  // mkdtemp's folder stays private (0700): as root, Gatehouse stages what the
  // sandbox mounts, so the sandbox user never has to pass through it (H1).
  return realpath(await mkdtemp(path.join(FIXTURE_PARENT, prefix)));
}

export const SAMPLE_FILES: Record<string, string> = {
  "README.md": "# Sample\n\nA small repository for tests.\n",
  "src/index.ts": 'import { add } from "./util";\n\nexport function main() {\n  return add(1, 2);\n}\n',
  "src/util.ts": "export function add(a: number, b: number) {\n  return a + b;\n}\n\nexport const TODO = \"later\";\n",
  ".gitignore": "ignored/\n*.log\n",
};

/** A repository with two commits on `main`. */
export async function initSampleRepo(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  gitSync(dir, ["init", "-q"]);
  for (const [name, content] of Object.entries(SAMPLE_FILES)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
  gitSync(dir, ["add", "-A"]);
  gitSync(dir, ["commit", "-q", "-m", "Initial commit"]);
  await writeFile(path.join(dir, "CHANGELOG.md"), "- first release\n");
  gitSync(dir, ["add", "-A"]);
  gitSync(dir, ["commit", "-q", "-m", "Add changelog"]);
}

export interface Fixture {
  root: string;
  repo: string;
  /** a linked worktree of `repo`, on branch agent/work */
  worktree: string;
  /** its git data, as Gatehouse would have it on record (H2) */
  git: WorktreeGit;
  /** a directory beside the worktree, holding secret.txt */
  outside: string;
  secretFile: string;
  cleanup(): Promise<void>;
}

export const SECRET = "outside secret: do not leak\n";

export async function makeFixture(): Promise<Fixture> {
  const root = await makeTempRoot();
  const repo = path.join(root, "repo");
  const worktree = path.join(root, "wt");
  const outside = path.join(root, "outside");
  await initSampleRepo(repo);
  gitSync(repo, ["worktree", "add", "-q", "-b", "agent/work", worktree, "main"]);
  await mkdir(outside);
  const secretFile = path.join(outside, "secret.txt");
  await writeFile(secretFile, SECRET);
  const git = { gitDir: path.join(repo, ".git", "worktrees", "wt"), commonDir: path.join(repo, ".git") };
  recorded.set(worktree, git);
  return {
    root,
    repo,
    worktree,
    git,
    outside,
    secretFile,
    cleanup: () => {
      recorded.delete(worktree);
      return rm(root, { recursive: true, force: true });
    },
  };
}

/** Fixtures' git data by worktree, standing in for the records a room has in the database. */
const recorded = new Map<string, WorktreeGit>();

/** The git data a fixture worktree was made with, or null for any other folder. */
export function recordedGit(worktree: string | null): WorktreeGit | null {
  return worktree ? (recorded.get(worktree) ?? null) : null;
}

/**
 * Every entry under `dir` with its type, mode and content hash (or link
 * target): two equal snapshots mean byte-for-byte the same tree.
 */
export async function snapshotTree(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  async function walk(current: string): Promise<void> {
    const info = await lstat(current);
    const rel = path.relative(dir, current) || ".";
    if (info.isSymbolicLink()) out.set(rel, `link ${await readlink(current)}`);
    else if (info.isDirectory()) {
      out.set(rel, `dir ${info.mode.toString(8)}`);
      for (const name of (await readdir(current)).sort()) await walk(path.join(current, name));
    } else {
      const hash = createHash("sha256").update(await readFile(current)).digest("hex");
      out.set(rel, `file ${info.mode.toString(8)} ${hash}`);
    }
  }
  await walk(dir);
  return out;
}

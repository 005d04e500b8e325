/**
 * The price of H6: git that reads a worktree runs in the sandbox, and the host
 * takes back only objects. Per git_commit (one changed and one new file in a
 * worktree of 400 files): the commit as it was before H6 (host git `add -A`,
 * `diff --cached`, `commit`, `log` on the worktree, verbatim but for the
 * removed wrapper) beside commitWorktree now (the sandboxed step, then
 * unpack-objects, the tree check, commit-tree and update-ref on the host) and
 * beside a no-op sandbox start (`true` via runInSandbox), all interleaved so
 * machine load falls on each alike; the same for a diff of uncommitted work.
 * Then the changes page (getRunChanges on PostgreSQL for a run with one
 * commit): it reads only the mirror, before and after.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { openDatabase } from "../lib/db/client";
import { commitWorktree } from "../lib/repos/commit-worktree";
import { makeFixture, makeTempRoot, initSampleRepo, type Fixture } from "../lib/repos/git.test-support";
import { worktreeGit } from "../lib/repos/mirror-paths";
import { diffWorktree } from "../lib/repos/read-worktree-git";
import { createRoom } from "../lib/rooms/create-room";
import { getRunChanges } from "../lib/runs/get-run-changes";
import { runInSandbox } from "../lib/sandbox/run-in-sandbox";
import { readyForSandbox } from "../lib/sandbox/sandbox.test-support";
import { spawnCapped } from "../lib/sandbox/spawn-capped";
import { withFreshDatabase } from "./fresh-database";
import { percentileOf, type BenchResult } from "./stats";

const ROUNDS = 30;
const WARM_UP = 3;
const FILES = 400;
const AUTHOR = { name: "Bench", email: "bench@gatehouse.local" };

/** Host git on the worktree, the way every host commit ran before H6 (lib/repos/git.ts's hardening then). */
async function hostGitBeforeH6(fx: Fixture, args: string[], input?: string): Promise<string> {
  const hardening = ["core.hooksPath=/dev/null", "core.fsmonitor=false", "core.untrackedCache=false", "core.pager=cat", "core.attributesFile=/dev/null", "commit.gpgSign=false", "gc.auto=0", "submodule.recurse=false", `safe.directory=${fx.worktree}`].flatMap((c) => ["-c", c]);
  const result = await spawnCapped("git", [...hardening, ...args], {
    cwd: fx.worktree,
    env: {
      PATH: "/usr/bin:/bin", HOME: "/dev/null", GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null", LC_ALL: "C",
      GIT_DIR: fx.git.gitDir, GIT_COMMON_DIR: fx.git.commonDir, GIT_WORK_TREE: fx.worktree,
      GIT_AUTHOR_NAME: AUTHOR.name, GIT_AUTHOR_EMAIL: AUTHOR.email, GIT_COMMITTER_NAME: AUTHOR.name, GIT_COMMITTER_EMAIL: AUTHOR.email,
    },
    input,
    timeoutMs: 60_000,
    maxOutputBytes: 4 * 1024 * 1024,
  });
  if (result.exitCode !== 0 && !(args[0] === "diff" && args.includes("--quiet") && result.exitCode === 1)) throw new Error(`git ${args[0]} failed: ${result.stderr}`);
  return result.stdout;
}

async function commitBeforeH6(fx: Fixture): Promise<void> {
  await hostGitBeforeH6(fx, ["add", "-A", "--"]);
  await hostGitBeforeH6(fx, ["diff", "--cached", "--raw", "--no-renames", "-z", "--"]);
  await hostGitBeforeH6(fx, ["diff", "--cached", "--quiet", "--"]);
  await hostGitBeforeH6(fx, ["commit", "--no-verify", "--no-edit", "--cleanup=whitespace", "-F", "-", "--"], "Bench change\n");
  await hostGitBeforeH6(fx, ["log", "-1", "--format=%H %s"]);
}

async function addFiles(dir: string): Promise<void> {
  await mkdir(path.join(dir, "src", "generated"), { recursive: true });
  for (let i = 0; i < FILES; i++) await writeFile(path.join(dir, "src", "generated", `module-${i}.js`), `export const value${i} = ${i};\n`.repeat(40));
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

export async function benchHostGit(): Promise<BenchResult[]> {
  const fx = await makeFixture();
  try {
    await addFiles(fx.worktree);
    await commitBeforeH6(fx);
    await readyForSandbox(fx);
    const onRecord = { path: fx.worktree, git: fx.git, workspaceId: "bench-h6" };
    const cases = {
      before: () => commitBeforeH6(fx),
      after: () => commitWorktree(onRecord, { message: "Bench change", author: AUTHOR }),
      noop: () => runInSandbox({ command: "true", worktree: fx.worktree, workspaceId: "bench-h6", posture: "read-only", network: false, timeoutMs: 30_000, maxOutputBytes: 4096 }),
      diffBefore: () => hostGitBeforeH6(fx, ["diff", "--no-color", "--no-ext-diff", "--ignore-submodules=all", "HEAD", "--"]),
      diffAfter: () => diffWorktree(onRecord, { maxOutputBytes: 4 * 1024 * 1024 }),
    };
    const times = Object.fromEntries(Object.keys(cases).map((k) => [k, [] as number[]])) as Record<keyof typeof cases, number[]>;
    for (let round = 0; round < WARM_UP + ROUNDS; round++) {
      for (const key of Object.keys(cases) as (keyof typeof cases)[]) {
        // Each commit has one changed and one new file to record; each diff one change to show.
        await writeFile(path.join(fx.worktree, "src", "generated", `module-${round % FILES}.js`), `export const changed = ${round}_${key.length};\n`);
        await writeFile(path.join(fx.worktree, `new-${round}-${key}.txt`), `${key} ${round}\n`);
        const ms = await timed(cases[key]);
        if (round >= WARM_UP) times[key].push(ms);
        if (key === "noop" || key === "diffBefore" || key === "diffAfter") await commitWorktree(onRecord, { message: "tidy", author: AUTHOR });
      }
    }
    const p50 = (k: keyof typeof cases) => percentileOf(times[k], 50);
    return [
      { name: `git_commit before H6: host git add -A … commit on the worktree (${FILES} files) p50`, value: p50("before"), unit: "ms" },
      { name: "git_commit with H6: staged in the sandbox, checked and recorded from objects p50", value: p50("after"), unit: "ms" },
      { name: "  p99 before / with H6", value: percentileOf(times.before, 99), unit: `/ ${percentileOf(times.after, 99).toFixed(1)} ms` },
      { name: "  a no-op sandbox start beside them (runInSandbox `true`) p50", value: p50("noop"), unit: "ms" },
      { name: "  git_commit's added cost (with − before) p50", value: p50("after") - p50("before"), unit: "ms" },
      { name: "git_diff of uncommitted work: host before H6 / in the sandbox with H6 p50", value: p50("diffBefore"), unit: `/ ${p50("diffAfter").toFixed(1)} ms` },
      ...(await changesPage()),
    ];
  } finally {
    await fx.cleanup();
  }
}

/** The changes page's own work, on PostgreSQL with a room, its mirror and a run with one commit. */
function changesPage(): Promise<BenchResult[]> {
  return withFreshDatabase("changes page", async (url) => {
    const root = await makeTempRoot("gatehouse-bench-h6-");
    const saved = { data: process.env.GATEHOUSE_DATA_DIR, roots: process.env.GATEHOUSE_REPOSITORY_ROOTS };
    process.env.GATEHOUSE_DATA_DIR = path.join(root, "data");
    process.env.GATEHOUSE_REPOSITORY_ROOTS = root;
    const db = await openDatabase({ url, migrate: false });
    const { prisma } = db;
    try {
      // A plain folder (not mkdtemp's 0700): the sandbox user reads it when the repository is mirrored.
      const source = path.join(root, "source");
      await initSampleRepo(source);
      const user = await prisma.user.create({ data: { email: `bench-${Date.now()}@bench.local`, name: "bench", passwordHash: "x" } });
      const workspace = await prisma.workspace.create({ data: { name: "bench", slug: `bench-h6-${Date.now()}`, memberships: { create: { userId: user.id, role: "owner" } } } });
      const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "bench", path: source } });
      const room = await createRoom(prisma, { workspaceId: workspace.id, userId: user.id }, { name: "bench", mode: "chat", autonomy: "auto", repositoryId: repository.id });
      await addFiles(room.worktreePath!);
      const made = await commitWorktree({ path: room.worktreePath!, git: worktreeGit(repository.id, room.worktreePath)!, workspaceId: workspace.id }, { message: "Add generated modules", author: AUTHOR });
      const run = await prisma.run.create({ data: { workspaceId: workspace.id, roomId: room.id, status: "succeeded" } });
      await prisma.toolCall.create({
        data: { runId: run.id, step: 1, callId: "c1", tool: "git_commit", tier: "execute", effects: ["commit"], args: { message: "x" }, mode: "chat", decision: "allow", status: "executed", result: `Committed ${made.sha}: ${made.subject}` },
      });
      const views: number[] = [];
      for (let i = 0; i < WARM_UP + ROUNDS; i++) {
        const ms = await timed(() => getRunChanges(prisma, workspace.id, run.id));
        if (i >= WARM_UP) views.push(ms);
      }
      return [{ name: `changes page view (getRunChanges: a commit of ${FILES} files, from the mirror only, no sandbox) p50`, value: percentileOf(views, 50), unit: "ms" }];
    } finally {
      await db.close();
      process.env.GATEHOUSE_DATA_DIR = saved.data;
      process.env.GATEHOUSE_REPOSITORY_ROOTS = saved.roots;
      if (saved.data === undefined) delete process.env.GATEHOUSE_DATA_DIR;
      if (saved.roots === undefined) delete process.env.GATEHOUSE_REPOSITORY_ROOTS;
      await rm(root, { recursive: true, force: true });
    }
  });
}

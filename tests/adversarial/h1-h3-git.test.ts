/**
 * H1, H2, H3 tried as an attacker would, on PostgreSQL with real git, real
 * bubblewrap and the real harness driven by scripted agents:
 *
 * - H1: a registered repository whose config and attributes name programs
 *   (fsmonitor, hooks, filters, textconv, external diff, pager, ssh command,
 *   alternate-refs command, upload-pack hook, included config files) gets a
 *   room, an agent's commit, a pull request and a review — and not one of
 *   those programs runs on the host (each would leave a marker file).
 * - H2: an agent in a writable room rewrites its worktree's `.git` (at another
 *   workspace's git data, at a planted directory with a hostile config and a
 *   `commondir` file) and makes a nested repository, then calls git_diff,
 *   git_log, grep, git_commit and run_command: git works on the room's own
 *   records, nothing of the other workspace is read, written or mounted.
 * - H3: one workspace cannot register another's repository, mirror or
 *   worktree or Gatehouse's data (either direction of nesting, symlinks
 *   too); a folder swapped for a link later is refused at the next read; a
 *   folder whose `.git` points elsewhere yields nothing; remote URLs that git
 *   or ssh would read as options are refused naming the field, and a
 *   repository can be registered by its remote URL alone.
 *
 * On the code before mirrors, each test fails: worktrees were made in the
 * registered repository (its smudge filter ran on checkout), git tools
 * refused a worktree whose `.git` changed instead of using the records, a
 * nested repository was committed as a gitlink, registration only knew roots,
 * and `ssh://-oProxyCommand=…` was a valid remote.
 */
import { chmod, mkdir, readdir, rename, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDir, worktreesDir } from "../../lib/config/data-dir";
import type { Database } from "../../lib/db/client";
import type { PrismaClient } from "../../lib/db/generated/client";
import { getPullDiff } from "../../lib/pulls/get-pull-diff";
import { openPullRequest } from "../../lib/pulls/open-pull-request";
import { serveGitOverHttp, type GitHttpServer } from "../../lib/repos/git-http.test-support";
import { gitSync, snapshotTree } from "../../lib/repos/git.test-support";
import { mirrorPath } from "../../lib/repos/mirror-paths";
import { registerRepository } from "../../lib/repositories/register-repository";
import { createRoom } from "../../lib/rooms/create-room";
import { advanceStoredRun } from "../../lib/runtime/advance-stored-run";
import type { WorkspaceActor } from "../../lib/workspaces/actor";
import { testDatabase } from "../support/db";
import { createAgent, createRun, createUser, createWorkspace } from "../support/factories";
import { commitFiles, drainJobs, makeRepo, useDataDir } from "../support/reviews";

let data: Awaited<ReturnType<typeof useDataDir>>;
let db: Database;
/** Where a hostile program would leave its marker if it ran on the host. The sandbox never sees this folder. */
let marks: string;

beforeAll(async () => {
  data = await useDataDir();
  db = await testDatabase();
  marks = path.join(data.root, "marks");
  await mkdir(marks);
});
afterAll(() => data.cleanup());

const LONG = 300_000;

async function markers(): Promise<string[]> {
  return (await readdir(marks)).sort();
}

async function owner(prisma: PrismaClient): Promise<WorkspaceActor> {
  const user = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: user.id, role: "owner" }]);
  return { workspaceId: workspace.id, userId: user.id, role: "owner" };
}

type Call = { name: string; args: Record<string, unknown> };

/** A chat room on `repositoryId` whose scripted agent makes `steps` (one model turn each). */
async function roomWithAgent(prisma: PrismaClient, actor: WorkspaceActor, repositoryId: string, steps: Call[][]) {
  const agent = await createAgent(prisma, actor.workspaceId, {
    scenarios: [{ steps: [...steps.map((calls) => ({ toolCalls: calls })), { text: "Done." }] }],
  });
  const room = await createRoom(prisma, actor, { name: `room-${agent.id.slice(-6)}`, mode: "chat", autonomy: "auto", repositoryId, agentId: agent.id });
  return { room, agent };
}

/** Runs the room's agent through the real harness; returns its calls in order. */
async function runAgent(room: { id: string; workspaceId: string; agentId: string | null }) {
  const { prisma } = db;
  const conversation = await prisma.conversation.findFirstOrThrow({ where: { roomId: room.id } });
  const run = await createRun(prisma, { id: room.id, workspaceId: room.workspaceId, agentId: room.agentId, conversationId: conversation.id }, "go");
  const result = await advanceStoredRun(db, run.id, { owner: "adversarial-test" });
  expect(result).toMatchObject({ status: "succeeded" });
  const calls = await prisma.toolCall.findMany({ where: { runId: run.id }, orderBy: [{ step: "asc" }, { createdAt: "asc" }] });
  return calls.map((c) => ({ tool: c.tool, status: c.status, result: String(c.result) }));
}

// ---------------------------------------------------------------------------
// H1: hostile repositories

/**
 * Config that names a program for every hook git offers a repository. Each
 * program only touches a marker. Written after the commits, as a hostile
 * author would ship it (the test's own git must not run it).
 */
function hostileConfig(tag: string, extra = ""): string {
  const m = (what: string) => `touch ${path.join(marks, `${tag}-${what}`)}`;
  return `[core]
\trepositoryformatversion = 0
\tbare = false
\tfsmonitor = "${m("fsmonitor")}; echo"
\tsshCommand = "${m("ssh")}; ssh"
\tpager = "${m("pager")}; cat"
\taskPass = "${m("askpass")}"
\talternateRefsCommand = "${m("alternate-refs")}"
\tgitProxy = "${m("git-proxy")}"
\teditor = "${m("editor")}"
[filter "evil"]
\tsmudge = "${m("smudge")}; cat"
\tclean = "${m("clean")}; cat"
\tprocess = "${m("filter-process")}"
\trequired = true
[diff "evil"]
\ttextconv = "${m("textconv")}; cat"
[diff]
\texternal = "${m("external-diff")}"
[uploadpack]
\tpackObjectsHook = "${m("pack-objects-hook")}"
[credential]
\thelper = "!${m("credential-helper")}"
[alias]
\tstatus = "!${m("alias")}"
${extra}`;
}

const HOOKS = ["post-checkout", "pre-commit", "post-commit", "commit-msg", "reference-transaction", "post-index-change", "pre-auto-gc", "post-rewrite", "pre-push", "fsmonitor-watchman"];

async function writeHooks(dir: string, tag: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const hook of HOOKS) {
    await writeFile(path.join(dir, hook), `#!/bin/sh\ntouch ${path.join(marks, `${tag}-hook-${hook}`)}\n`, { mode: 0o755 });
  }
}

/** A repository with main and a feature branch, whose content routes every file through the "evil" drivers. */
async function hostileSource(name: string, attributes: string): Promise<string> {
  const dir = await makeRepo(data.root, name, {
    ".gitattributes": attributes,
    "src/app.js": "export const limit = 10;\n",
    "README.md": "# hostile\n",
  });
  gitSync(dir, ["checkout", "-q", "-b", "feature"]);
  await commitFiles(dir, { "src/app.js": "export const limit = 20;\nconsole.log(limit);\n" }, "Raise the limit");
  gitSync(dir, ["checkout", "-q", "main"]);
  return dir;
}

/** The room's worktree gets a change, a diff, a search, a log, a commit and a sandboxed git status. */
const AGENT_AT_WORK: Call[][] = [
  [{ name: "write_file", args: { path: "src/new.js", content: "export const added = true;\n" } }],
  [{ name: "edit_file", args: { path: "src/app.js", oldText: "10", newText: "11" } }],
  [
    { name: "git_diff", args: {} },
    { name: "grep", args: { pattern: "limit" } },
    { name: "git_log", args: {} },
  ],
  [{ name: "git_commit", args: { message: "Agent change" } }],
  [{ name: "run_command", args: { command: "git status --short; git log --oneline -1; git diff HEAD~1 --stat" } }],
];

async function exerciseRepository(prisma: PrismaClient, tag: string, sourceDir: string) {
  const actor = await owner(prisma);
  const repository = await registerRepository(prisma, actor, { name: tag, path: sourceDir });
  const { room } = await roomWithAgent(prisma, actor, repository.id, AGENT_AT_WORK);
  const calls = await runAgent(room);
  const { pull } = await openPullRequest(prisma, actor, { repositoryId: repository.id, baseRef: "main", headRef: "feature", title: "Raise the limit" });
  const drained = await drainJobs(db);
  const diff = await getPullDiff(prisma, actor.workspaceId, pull.id);
  return { actor, repository, room, calls, pull, drained, diff };
}

describe("H1: a repository's config and attributes run nothing on the host", () => {
  it(
    "H1: fsmonitor, hooksPath and hooks, smudge/clean/process filters, textconv, external diff, pager, sshCommand, alternateRefsCommand, packObjectsHook: room, commit, pull request and review run, no marker appears",
    async () => {
      const { prisma } = db;
      const source = await hostileSource("hostile-direct", "* filter=evil diff=evil\n");
      const hooksDir = path.join(data.root, "hostile-direct-hooks");
      await writeHooks(hooksDir, "direct-hookspath");
      await writeHooks(path.join(source, ".git", "hooks"), "direct");
      await writeFile(path.join(source, ".git", "config"), hostileConfig("direct", `[core]\n\thooksPath = ${hooksDir}\n`));

      const { room, calls, pull, drained, diff } = await exerciseRepository(prisma, "hostile-direct", source);

      expect(calls.map((c) => [c.tool, c.status])).toEqual([
        ["write_file", "executed"],
        ["edit_file", "executed"],
        ["git_diff", "executed"],
        ["grep", "executed"],
        ["git_log", "executed"],
        ["git_commit", "executed"],
        ["run_command", "executed"],
      ]);
      expect(calls[2]!.result).toContain("+export const limit = 11;");
      expect(calls[5]!.result).toMatch(/^Committed [0-9a-f]{40}: Agent change$/);
      // The checkout went through no filter: the file is what was committed, byte for byte.
      const stored = await prisma.room.findUniqueOrThrow({ where: { id: room.id } });
      expect(gitSync(mirrorPath(stored.repositoryId!), ["log", "-1", "--format=%s", `gatehouse/${room.id}`]).trim()).toBe("Agent change");
      expect(drained.errors).toEqual([]);
      expect(diff.text).toContain("+console.log(limit);");
      expect(await prisma.review.count({ where: { pullRequestId: pull.id } })).toBeGreaterThan(0);

      expect(await markers()).toEqual([]);
    },
    LONG,
  );

  it(
    "H1: include.path and includeIf config, a long-running filter process and textconv from an included file, hooks under core.hooksPath: still nothing runs",
    async () => {
      const { prisma } = db;
      const source = await hostileSource("hostile-included", "*.js filter=evil diff=evil\n*.md filter=lfs\n");
      const included = path.join(data.root, "hostile-included.gitconfig");
      const conditional = path.join(data.root, "hostile-conditional.gitconfig");
      const hooksDir = path.join(data.root, "hostile-included-hooks");
      await writeHooks(hooksDir, "included-hookspath");
      await writeFile(included, hostileConfig("included", `[filter "lfs"]\n\tprocess = "touch ${path.join(marks, "included-lfs-process")}"\n\trequired = true\n`));
      await writeFile(conditional, `[core]\n\thooksPath = ${hooksDir}\n\tfsmonitor = "touch ${path.join(marks, "conditional-fsmonitor")}"\n`);
      await writeFile(
        path.join(source, ".git", "config"),
        `[core]\n\trepositoryformatversion = 0\n\tbare = false\n[include]\n\tpath = ${included}\n[includeIf "gitdir:/"]\n\tpath = ${conditional}\n[includeIf "onbranch:feature"]\n\tpath = ${conditional}\n`,
      );

      const { calls, pull, drained, diff } = await exerciseRepository(prisma, "hostile-included", source);

      expect(calls.every((c) => c.status === "executed")).toBe(true);
      expect(drained.errors).toEqual([]);
      expect(diff.files.map((f) => f.newPath)).toContain("src/app.js");
      expect(await prisma.review.count({ where: { pullRequestId: pull.id } })).toBeGreaterThan(0);
      expect(await markers()).toEqual([]);
    },
    LONG,
  );
});

// ---------------------------------------------------------------------------
// H2: an agent rewrites its worktree's git pointers

/** Workspace A: a repository with a room whose worktree holds a secret, and a commit only A has. */
async function workspaceA(prisma: PrismaClient, name: string) {
  const actor = await owner(prisma);
  const dir = await makeRepo(data.root, `${name}-a`, { "README.md": "# A\n", "secret.txt": "A's secret: do not leak\n" });
  await commitFiles(dir, { "a-only.txt": "only A\n" }, "Only in workspace A");
  const repository = await registerRepository(prisma, actor, { name: `${name}-a`, path: dir });
  const room = await createRoom(prisma, actor, { name: "A's room", mode: "chat", autonomy: "auto", repositoryId: repository.id });
  const mirror = mirrorPath(repository.id);
  return { actor, dir, repository, room, mirror, gitDir: path.join(mirror, "worktrees", room.id) };
}

async function snapshotA(a: Awaited<ReturnType<typeof workspaceA>>) {
  return {
    refs: gitSync(a.mirror, ["for-each-ref", "--format=%(objectname) %(refname)"]),
    worktreeHead: gitSync(a.room.worktreePath!, ["rev-parse", "HEAD"]),
    worktree: await snapshotTree(a.room.worktreePath!),
    gitDir: await snapshotTree(a.gitDir),
    source: await snapshotTree(a.dir),
  };
}

/** B's room worktree writable for the sandboxed process whichever uid it runs as (a writable mode's promise). */
async function openUp(worktree: string): Promise<void> {
  await chmodTree(worktree);
}

async function chmodTree(dir: string): Promise<void> {
  await chmod(dir, 0o777);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await chmodTree(full);
    else if (entry.isFile()) await chmod(full, 0o666);
  }
}

function visibilityProbe(paths: string[]): string {
  return `for p in ${paths.map((p) => JSON.stringify(p)).join(" ")}; do test -e "$p" && echo "VISIBLE $p"; done; echo checked`;
}

describe("H2: git and mounts come from Gatehouse's records, not the worktree's .git", () => {
  it(
    "H2: .git rewritten to point at another workspace's git data: git_diff, git_log, grep and git_commit stay on the room's own branch; A is untouched and not mounted",
    async () => {
      const { prisma } = db;
      const a = await workspaceA(prisma, "h2-pointer");
      const before = await snapshotA(a);
      const actor = await owner(prisma);
      const dirB = await makeRepo(data.root, "h2-pointer-b", { "README.md": "# B\n" });
      const repositoryB = await registerRepository(prisma, actor, { name: "b", path: dirB });
      const { room } = await roomWithAgent(prisma, actor, repositoryB.id, [
        [{ name: "run_command", args: { command: `printf 'gitdir: %s\\n' ${JSON.stringify(a.gitDir)} > .git && cat .git` } }],
        [{ name: "write_file", args: { path: "b.txt", content: "B's work\n" } }],
        [
          { name: "git_diff", args: {} },
          { name: "git_log", args: {} },
          { name: "grep", args: { pattern: "secret|A's|B's" } },
        ],
        [{ name: "git_commit", args: { message: "B's commit" } }],
        [{ name: "run_command", args: { command: `${visibilityProbe([a.mirror, a.gitDir, a.room.worktreePath!, a.dir])}; git log --oneline 2>&1 | head -3` } }],
      ]);
      await openUp(room.worktreePath!);

      const calls = await runAgent(room);

      expect(calls[0]!.result).toContain(`gitdir: ${a.gitDir}`);
      const [diff, log, grep] = [calls[2]!.result, calls[3]!.result, calls[4]!.result];
      expect(diff).toBe("No differences."); // b.txt is untracked in B; A's checkout was never looked at
      expect(log).toContain("Initial commit");
      expect(log).not.toContain("Only in workspace A");
      expect(grep).toContain("b.txt:1:B's work");
      expect(grep).not.toContain("A's secret");
      expect(calls[5]).toMatchObject({ tool: "git_commit", status: "executed" });
      expect(calls[5]!.result).toMatch(/^Committed [0-9a-f]{40}: B's commit$/);
      expect(gitSync(mirrorPath(repositoryB.id), ["log", "-1", "--format=%s", `gatehouse/${room.id}`]).trim()).toBe("B's commit");
      expect(calls[6]!.result).toContain("checked");
      expect(calls[6]!.result).not.toContain("VISIBLE");
      expect(calls[6]!.result).not.toContain("Only in workspace A");

      expect(await snapshotA(a)).toEqual(before);
      expect(await markers()).toEqual([]);
    },
    LONG,
  );

  it(
    "H2: .git pointed at a planted directory with a hostile config and a commondir file, plus a nested repository: nothing runs, nothing of A is read, the nested repository is not committed",
    async () => {
      const { prisma } = db;
      const a = await workspaceA(prisma, "h2-planted");
      const before = await snapshotA(a);
      const actor = await owner(prisma);
      const dirB = await makeRepo(data.root, "h2-planted-b", { "README.md": "# B\n" });
      const repositoryB = await registerRepository(prisma, actor, { name: "b", path: dirB });
      const mark = (what: string) => `touch ${path.join(marks, `planted-${what}`)}`;
      const plant = [
        // A git directory of the agent's making: its commondir leads to A's mirror, its config names programs.
        "mkdir -p planted/refs planted/objects",
        "echo ref: refs/heads/main > planted/HEAD",
        `printf '%s\\n' ${JSON.stringify(a.mirror)} > planted/commondir`,
        `printf '[core]\\n\\tfsmonitor = "${mark("fsmonitor")}"\\n\\thooksPath = /tmp\\n[diff]\\n\\texternal = "${mark("external-diff")}"\\n' > planted/config`,
        "printf 'gitdir: planted\\n' > .git",
        // A nested repository with a commit, whose config and attributes name programs too.
        "git init -q sub && git -C sub -c user.name=a -c user.email=a@b.c commit -q --allow-empty -m nested",
        `printf '[core]\\n\\tfsmonitor = "${mark("nested-fsmonitor")}"\\n[filter "x"]\\n\\tclean = "${mark("nested-clean")}"\\n' >> sub/.git/config`,
        "echo '* filter=x' > sub/.gitattributes && echo nested > sub/file.txt",
        "echo done",
      ].join(" && ");
      const { room } = await roomWithAgent(prisma, actor, repositoryB.id, [
        [{ name: "run_command", args: { command: plant } }],
        [{ name: "write_file", args: { path: "b.txt", content: "B's work\n" } }],
        [
          { name: "git_diff", args: {} },
          { name: "git_log", args: {} },
          { name: "grep", args: { pattern: "nested|secret" } },
        ],
        [{ name: "git_commit", args: { message: "with the nested repository" } }],
        [{ name: "git_commit", args: { message: "only b.txt", paths: ["b.txt"] } }],
        [{ name: "run_command", args: { command: `${visibilityProbe([a.mirror, a.gitDir, a.room.worktreePath!, a.dir])}` } }],
      ]);
      await openUp(room.worktreePath!);
      const branchBefore = gitSync(mirrorPath(repositoryB.id), ["rev-parse", `gatehouse/${room.id}`]).trim();

      const calls = await runAgent(room);

      expect(calls[0]!.result).toContain("done");
      expect(calls[2]).toMatchObject({ tool: "git_diff", status: "executed", result: "No differences." });
      expect(calls[3]!.result).not.toContain("Only in workspace A");
      expect(calls[4]!.result).not.toContain("A's secret");
      // The nested repository is refused, never recorded as a gitlink to whatever its .git names.
      expect(calls[5]).toMatchObject({ tool: "git_commit", status: "error" });
      expect(calls[5]!.result).toMatch(/sub is a nested git repository/);
      expect(calls[6]).toMatchObject({ tool: "git_commit", status: "executed" });
      const mirrorB = mirrorPath(repositoryB.id);
      expect(gitSync(mirrorB, ["rev-parse", `gatehouse/${room.id}~1`]).trim()).toBe(branchBefore);
      expect(gitSync(mirrorB, ["ls-tree", "-r", "--name-only", `gatehouse/${room.id}`]).split("\n")).not.toContain("sub");
      expect(calls[7]!.result).toContain("checked");
      expect(calls[7]!.result).not.toContain("VISIBLE");

      expect(await snapshotA(a)).toEqual(before);
      expect(await markers()).toEqual([]);
    },
    LONG,
  );
});

// ---------------------------------------------------------------------------
// H3: registration

describe("H3: a workspace registers only folders of its own", () => {
  it(
    "H3: B cannot register A's repository, a folder inside or around it, A's mirror or worktree, or Gatehouse's data folder — nor reach them through symlinks",
    async () => {
      const { prisma } = db;
      const a = await workspaceA(prisma, "h3-nesting");
      // A's repository sits in a folder of its own, so "around it" is a folder B could name.
      const around = path.join(data.root, "h3-team-a");
      await mkdir(around);
      const moved = path.join(around, "repo");
      await rename(a.dir, moved);
      await symlink(moved, a.dir);
      await prisma.repository.update({ where: { id: a.repository.id }, data: { path: moved } });
      await mkdir(path.join(moved, "inner"), { recursive: true });
      const b = await owner(prisma);
      const links: Record<string, string> = { "link-to-a": moved, "link-to-mirror": a.mirror, "link-to-worktree": a.room.worktreePath!, "link-to-data": dataDir() };
      for (const [name, target] of Object.entries(links)) await symlink(target, path.join(data.root, name));

      const attempts: [string, RegExp][] = [
        [moved, /overlaps a repository of another workspace/],
        [path.join(moved, "inner"), /overlaps a repository of another workspace/],
        [around, /overlaps a repository of another workspace/],
        [a.mirror, /Gatehouse's own data/],
        [path.join(a.mirror, "objects"), /Gatehouse's own data/],
        [a.room.worktreePath!, /Gatehouse's own data/],
        [worktreesDir(), /Gatehouse's own data/],
        [dataDir(), /Gatehouse's own data/],
        [data.root, /Gatehouse's own data/],
        [path.join(data.root, "link-to-a"), /overlaps a repository of another workspace/],
        [a.dir, /overlaps a repository of another workspace/],
        [path.join(data.root, "link-to-mirror"), /Gatehouse's own data/],
        [path.join(data.root, "link-to-worktree"), /Gatehouse's own data/],
        [path.join(data.root, "link-to-data"), /Gatehouse's own data/],
      ];
      for (const [target, why] of attempts) {
        await expect(registerRepository(prisma, b, { name: `x-${path.basename(target)}`, path: target }), target).rejects.toMatchObject({
          code: "unprocessable",
          message: expect.stringMatching(why),
        });
      }
      expect(await prisma.repository.count({ where: { workspaceId: b.workspaceId } })).toBe(0);
    },
    LONG,
  );

  it(
    "H3: a registered folder later swapped for a link to another workspace's repository is refused at the next read",
    async () => {
      const { prisma } = db;
      const a = await workspaceA(prisma, "h3-swap");
      const b = await owner(prisma);
      const dirB = await makeRepo(data.root, "h3-swap-b", { "README.md": "# B\n" });
      const repositoryB = await registerRepository(prisma, b, { name: "b", path: dirB });
      await rm(dirB, { recursive: true, force: true });
      await symlink(a.dir, dirB);

      await expect(createRoom(prisma, b, { name: "B's room", mode: "chat", autonomy: "auto", repositoryId: repositoryB.id })).rejects.toMatchObject({
        message: expect.stringMatching(/overlaps a repository of another workspace/),
      });
      await expect(
        openPullRequest(prisma, b, { repositoryId: repositoryB.id, baseRef: "main", headRef: "main", title: "steal" }),
      ).rejects.toMatchObject({ message: expect.stringMatching(/overlaps a repository of another workspace/) });
      expect(gitSync(mirrorPath(repositoryB.id), ["log", "--all", "--format=%s"])).not.toContain("Only in workspace A");
    },
    LONG,
  );

  it(
    "H3: a folder whose .git file or alternates lead to another workspace's repository is read in the sandbox and yields nothing of it",
    async () => {
      const { prisma } = db;
      const a = await workspaceA(prisma, "h3-pointer");
      const aOnly = gitSync(a.dir, ["rev-parse", "main"]).trim();
      const b = await owner(prisma);

      const viaGitFile = path.join(data.root, "h3-gitfile-b");
      await mkdir(viaGitFile);
      await writeFile(path.join(viaGitFile, ".git"), `gitdir: ${path.join(a.dir, ".git")}\n`);
      await expect(registerRepository(prisma, b, { name: "gitfile", path: viaGitFile })).rejects.toMatchObject({
        code: "unprocessable",
        message: expect.stringMatching(/is not a git repository/),
      });

      // A bare repository that borrows A's objects and names A's newest commit as its own branch.
      const viaAlternates = path.join(data.root, "h3-alternates-b.git");
      gitSync(data.root, ["init", "-q", "--bare", viaAlternates]);
      await writeFile(path.join(viaAlternates, "objects", "info", "alternates"), `${path.join(a.dir, ".git", "objects")}\n`);
      await writeFile(path.join(viaAlternates, "refs", "heads", "main"), `${aOnly}\n`);
      const attempt = await registerRepository(prisma, b, { name: "alternates", path: viaAlternates }).then(
        (repository) => repository,
        (error: Error) => error,
      );
      if (!(attempt instanceof Error)) {
        expect(() => gitSync(mirrorPath(attempt.id), ["cat-file", "-e", `${aOnly}^{commit}`])).toThrow();
      } else {
        expect(attempt).toMatchObject({ code: "unprocessable" });
      }
      expect(await markers()).toEqual([]);
    },
    LONG,
  );

  describe("remote URLs", () => {
    let server: GitHttpServer;
    let allowed: string | undefined;
    beforeAll(async () => {
      const served = path.join(data.root, "served");
      await mkdir(served);
      const upstream = await makeRepo(data.root, "h3-upstream", { "README.md": "# served\n" });
      gitSync(data.root, ["clone", "-q", "--bare", upstream, path.join(served, "widgets.git")]);
      server = await serveGitOverHttp(served);
      allowed = process.env.GATEHOUSE_ALLOWED_GIT_HOSTS;
    });
    afterAll(async () => {
      if (allowed === undefined) delete process.env.GATEHOUSE_ALLOWED_GIT_HOSTS;
      else process.env.GATEHOUSE_ALLOWED_GIT_HOSTS = allowed;
      await server.close();
    });

    it("H3: remote URLs that git or ssh would read as options, and other transports, are refused naming the field; nothing runs", async () => {
      const { prisma } = db;
      const actor = await owner(prisma);
      const dir = await makeRepo(data.root, "h3-urls", { "README.md": "# u\n" });
      const proxy = `touch ${path.join(marks, "proxy-command")}`;
      const bad = [
        `ssh://-oProxyCommand=${encodeURIComponent(proxy)}/x.git`,
        `ssh://git@-oProxyCommand=x/acme/x.git`,
        `ssh://-oProxyCommand@github.com/acme/x.git`,
        `git@-oProxyCommand=x:acme/x.git`,
        `git@-x:acme/x.git`,
        `-oProxyCommand=${proxy}`,
        `--upload-pack=${proxy}`,
        `git@github.com:-oProxyCommand=x`,
        `ext::sh -c ${proxy}`,
        `file://${dir}`,
        dir,
        `git://github.com/acme/x.git`,
      ];
      for (const remoteUrl of bad) {
        const error = await registerRepository(prisma, actor, { name: "u", path: dir, remoteUrl }).catch((e: unknown) => e);
        expect(error, remoteUrl).toMatchObject({ name: "ZodError" });
        const issue = (error as { issues: { path: string[]; message: string }[] }).issues[0]!;
        expect(issue.path, remoteUrl).toEqual(["remoteUrl"]);
        expect(issue.message, remoteUrl).toMatch(/^Remote URL: /);
      }
      expect(await prisma.repository.count({ where: { workspaceId: actor.workspaceId } })).toBe(0);
      expect(await markers()).toEqual([]);
    });

    it(
      "H3: a repository registered by its remote URL alone is mirrored; plain http and loopback hosts need the operator's GATEHOUSE_ALLOWED_GIT_HOSTS",
      async () => {
        const { prisma } = db;
        const actor = await owner(prisma);
        const remoteUrl = `${server.origin}/widgets.git`;
        delete process.env.GATEHOUSE_ALLOWED_GIT_HOSTS;
        await expect(registerRepository(prisma, actor, { name: "widgets", remoteUrl })).rejects.toMatchObject({
          code: "unprocessable",
          message: expect.stringMatching(/^Remote URL: plain http:\/\/ is not allowed.*GATEHOUSE_ALLOWED_GIT_HOSTS/),
        });
        await expect(registerRepository(prisma, actor, { name: "widgets", remoteUrl: remoteUrl.replace("http:", "https:") })).rejects.toMatchObject({
          message: expect.stringMatching(/loopback or private address/),
        });
        expect(server.requests()).toBe(0);

        process.env.GATEHOUSE_ALLOWED_GIT_HOSTS = server.hostPort;
        const repository = await registerRepository(prisma, actor, { name: "widgets", remoteUrl });
        expect(repository).toMatchObject({ path: null, remoteUrl });
        expect(server.requests()).toBeGreaterThan(0);
        const room = await createRoom(prisma, actor, { name: "from the remote", mode: "chat", autonomy: "auto", repositoryId: repository.id });
        expect(gitSync(room.worktreePath!, ["log", "-1", "--format=%s"]).trim()).toBe("Initial commit");
      },
      LONG,
    );
  });
});

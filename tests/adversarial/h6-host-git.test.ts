/**
 * H6 with H1/H2, tried as an attacker would, on PostgreSQL with real git,
 * real bubblewrap and the real harness driven by scripted agents.
 *
 * The repository has a submodule (`vendor/lib`, a gitlink and its
 * `.gitmodules` entry). Its recorded commit is one the agent can make again
 * byte for byte (fixed author, dates and content), so inside the sandbox the
 * agent turns the submodule's empty folder into a nested repository at that
 * very commit and gives it a config of its making — clean and smudge filters,
 * a long-running process filter, fsmonitor, hooksPath — through a `.git`
 * folder, a `.git` file pointing elsewhere in the worktree, or a symlinked
 * `.git`; or it declares a new submodule in `.gitmodules` for a nested
 * repository of its own. Every program it names writes a line "<uid> <what>"
 * to a host folder the sandbox cannot see (it exists only if the program ran
 * on the host) and to `.hostile-ran` in the worktree (the agent's own check
 * writes there from inside the sandbox, proving each trap is live).
 *
 * Then Gatehouse does its work on that worktree: the agent's git_commit, a
 * person's "Commit changes…", a code ticket's delivery (commit leftovers), the
 * run's changes page, and a room following an applied suggestion. On the code
 * before H6 the host's `git add -A` recursed into the nested repository and
 * ran its clean filter as root (the host marker "0 clean" appears); now
 * nothing runs on the host, and whatever ran ran in the sandbox as the
 * sandbox user.
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../lib/db/client";
import type { PrismaClient } from "../../lib/db/generated/client";
import { approveProposal } from "../../lib/orchestration/approve-proposal";
import { recordProposal } from "../../lib/orchestration/record-proposal";
import { applySuggestion } from "../../lib/pulls/apply-suggestion";
import { openPullRequest } from "../../lib/pulls/open-pull-request";
import { gitSync } from "../../lib/repos/git.test-support";
import { mirrorPath, worktreeGit } from "../../lib/repos/mirror-paths";
import { readWorktreeGit } from "../../lib/repos/read-worktree-git";
import { createRoom } from "../../lib/rooms/create-room";
import { getRunChanges } from "../../lib/runs/get-run-changes";
import { advanceStoredRun } from "../../lib/runtime/advance-stored-run";
import { commitRoomWork } from "../../lib/runtime/commit-room-work";
import { sandboxUser } from "../../lib/sandbox/sandbox-user";
import type { WorkspaceActor } from "../../lib/workspaces/actor";
import { testDatabase } from "../support/db";
import { createAgent, createRun, createUser, createWorkspace } from "../support/factories";
import { inProcessWorker, waitFor } from "../support/plan-fixtures";
import { makeRepo, useDataDir } from "../support/reviews";

let data: Awaited<ReturnType<typeof useDataDir>>;
let db: Database;
/** Where a planted program leaves its line if it ran on the host. The sandbox never sees this folder. */
let marks: string;
/** The submodule's recorded commit: one the agent can make again exactly. */
let vendored: string;

const LONG = 300_000;
const APP = "export const limit = 10;\nexport const name = 'app';\n";

/** The nested repository's one commit, as the test makes it on the host and the agent again in the sandbox. */
const VENDORED_FILES = { ".gitattributes": "* filter=x diff=x\n", f: "hi\n" };
const VENDORED_ENV = {
  GIT_AUTHOR_NAME: "Vendor",
  GIT_AUTHOR_EMAIL: "vendor@example.test",
  GIT_COMMITTER_NAME: "Vendor",
  GIT_COMMITTER_EMAIL: "vendor@example.test",
  GIT_AUTHOR_DATE: "2020-01-01T00:00:00Z",
  GIT_COMMITTER_DATE: "2020-01-01T00:00:00Z",
};

function vendoredCommit(dir: string): string {
  const env: Record<string, string> = { PATH: "/usr/bin:/bin", HOME: "/dev/null", GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1", ...VENDORED_ENV };
  const run = (args: string[]) => execFileSync("git", args, { cwd: dir, env: env as NodeJS.ProcessEnv, encoding: "utf8" });
  run(["init", "-q"]);
  run(["add", "-A"]);
  run(["commit", "-q", "-m", "vendored"]);
  return run(["rev-parse", "HEAD"]).trim();
}

beforeAll(async () => {
  data = await useDataDir();
  db = await testDatabase();
  const proto = await mkdtemp(path.join(data.root, "vendored-"));
  for (const [name, content] of Object.entries(VENDORED_FILES)) await writeFile(path.join(proto, name), content);
  vendored = vendoredCommit(proto);
});
afterAll(() => data.cleanup());
// Each test its own: a marker is that test's finding alone.
beforeEach(async () => {
  marks = await mkdtemp(path.join(data.root, "marks-"));
});

async function hostMarkers(): Promise<string[]> {
  return (await readdir(marks)).sort();
}

/** The lines planted programs wrote from wherever they ran; the agent's own check in the sandbox writes some. */
async function ranInside(worktree: string): Promise<string[]> {
  return (await readFile(path.join(worktree, ".hostile-ran"), "utf8").catch(() => "")).split("\n").filter(Boolean);
}

/** Nothing ran on the host, and each trap ran (in the agent's check) as the sandbox user, never as root. */
async function expectNothingRanOnTheHost(worktree: string): Promise<void> {
  expect(await hostMarkers()).toEqual([]);
  const lines = await ranInside(worktree);
  expect(lines.length).toBeGreaterThan(0);
  const uids = new Set(lines.map((line) => Number(line.split(" ")[0])));
  expect(uids.has(0)).toBe(false);
  const user = sandboxUser();
  if (user) expect([...uids]).toEqual([user.uid]);
}

/** A repository whose `vendor/lib` is a submodule at the vendored commit. */
async function repositoryWithSubmodule(prisma: PrismaClient, actor: WorkspaceActor, tag: string) {
  const dir = await makeRepo(data.root, `h6-${tag}`, {
    "README.md": "# with a submodule\n",
    "src/app.js": APP,
    ".gitmodules": '[submodule "vendor/lib"]\n\tpath = vendor/lib\n\turl = ./nowhere-lib\n',
  });
  gitSync(dir, ["update-index", "--add", "--cacheinfo", `160000,${vendored},vendor/lib`]);
  gitSync(dir, ["commit", "-q", "-m", "Vendor lib as a submodule"]);
  return prisma.repository.create({ data: { workspaceId: actor.workspaceId, name: `h6-${tag}`, path: dir } });
}

type Variant = "filters" | "process-filter" | "git-file" | "git-symlink" | "declared-submodule";

const VARIANTS: Record<Variant, string> = {
  filters: "a nested repository with clean and smudge filters, fsmonitor and hooksPath",
  "process-filter": "a nested repository with a long-running process filter",
  "git-file": "a .git file pointing at a planted git directory elsewhere (its core.worktree set)",
  "git-symlink": "a symlinked .git",
  "declared-submodule": "a new submodule in .gitmodules pointing at a nested repository of the agent's",
};

/**
 * The agent's shell line, run in the sandbox from the worktree's root. It
 * makes the vendored commit again at `vendor/lib` (in the variant's way),
 * plants the config, checks in the sandbox that the traps go off (`git
 * status` in the nested repository), and leaves `f` changed with the same size
 * and an old time, so the next git to look must hash it through the filter.
 */
function plant(variant: Variant): string {
  // Written with here-documents, so $W is the worktree's absolute path in every program a config names.
  const filters = `[filter "x"]
\tclean = "$W/.hostile/mark" clean filter
\tsmudge = "$W/.hostile/mark" smudge filter
\trequired = true
[diff "x"]
\ttextconv = "$W/.hostile/mark" textconv filter
[core]
\tfsmonitor = "$W/.hostile/mark" fsmonitor
\thooksPath = $W/.hostile/hooks`;
  const processFilter = `[filter "x"]
\tprocess = "$W/.hostile/mark" process filter
\trequired = true`;
  const config = (where: string, text: string) => `cat >> ${where} <<GATEHOUSE_EOF\n${text}\nGATEHOUSE_EOF`;
  const files = Object.entries(VENDORED_FILES).map(([name, content]) => `printf '${content.replace(/\n/g, "\\n")}' > "$1/${name}"`).join("; ");
  const env = Object.entries(VENDORED_ENV).map(([k, v]) => `${k}='${v}'`).join(" ");
  const lines = [
    "set -e",
    "W=$(pwd)",
    "mkdir -p .hostile/hooks",
    // The program every trap names: a line on the host (only if it ran there) and one in the worktree.
    `printf '#!/bin/sh\\nu=$(id -u)\\necho "$u $1" >> ${marks}/"$1-$u" 2>/dev/null\\necho "$u $1" >> "%s/.hostile-ran" 2>/dev/null\\n[ "$2" = filter ] && exec cat\\nexit 0\\n' "$W" > .hostile/mark`,
    "chmod +x .hostile/mark",
    `for h in pre-commit post-commit post-checkout post-index-change reference-transaction; do printf '#!/bin/sh\\nexec "%s/.hostile/mark" hook-%s\\n' "$W" "$h" > .hostile/hooks/$h; chmod +x .hostile/hooks/$h; done`,
    `vendor() { ${files}; git -C "$1" add -A; ${env} git -C "$1" commit -q -m vendored; }`,
    "rm -rf vendor/lib && mkdir -p vendor/lib",
  ];
  if (variant === "git-file") {
    lines.push('git init -q --separate-git-dir "$W/.hostile/lib.git" vendor/lib', "vendor vendor/lib", config(".hostile/lib.git/config", `${filters}\n\tworktree = $W/vendor/lib`));
  } else {
    lines.push("git init -q vendor/lib", "vendor vendor/lib", config("vendor/lib/.git/config", variant === "process-filter" ? processFilter : filters));
  }
  if (variant === "git-symlink") lines.push("mv vendor/lib/.git .hostile/lib-linked.git", "ln -s ../../.hostile/lib-linked.git vendor/lib/.git");
  if (variant === "declared-submodule") {
    lines.push(
      "git init -q extra && echo e > extra/e && git -C extra add e && git -C extra -c user.name=a -c user.email=a@b commit -q -m extra",
      config("extra/.git/config", filters),
      "echo '* filter=x' > extra/.gitattributes",
      config(".gitmodules", `[submodule "extra"]\n\tpath = extra\n\turl = ./extra\n\tupdate = !$W/.hostile/mark submodule-update`),
    );
  }
  lines.push(
    `[ "$(git -C vendor/lib rev-parse HEAD)" = ${vendored} ]`,
    // The traps are live: in the sandbox they run (as the sandbox user) when git looks.
    "printf 'HI\\n' > vendor/lib/f && touch -d '2001-01-01 00:00:00' vendor/lib/f",
    "git -C vendor/lib status --porcelain >/dev/null 2>&1 || true",
    "echo planted",
  );
  return lines.join("\n");
}

type Call = { name: string; args: Record<string, unknown> };

async function owner(prisma: PrismaClient): Promise<WorkspaceActor> {
  const user = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: user.id, role: "owner" }]);
  return { workspaceId: workspace.id, userId: user.id, role: "owner" };
}

/** A chat room on the repository whose scripted agent plants `variant`, edits src/app.js and makes `then`. */
async function roomPlanting(prisma: PrismaClient, actor: WorkspaceActor, repositoryId: string, variant: Variant, then: Call[][] = []) {
  const steps: Call[][] = [
    [{ name: "run_command", args: { command: plant(variant) } }],
    [{ name: "write_file", args: { path: "src/app.js", content: APP.replace("10", "11") } }],
    ...then,
  ];
  const agent = await createAgent(prisma, actor.workspaceId, { scenarios: [{ steps: [...steps.map((calls) => ({ toolCalls: calls })), { text: "Done." }] }] });
  const room = await createRoom(prisma, actor, { name: `h6-${variant}-${agent.id.slice(-5)}`, mode: "chat", autonomy: "auto", repositoryId, agentId: agent.id });
  return room;
}

async function runAgent(room: { id: string; workspaceId: string; agentId: string | null }) {
  const { prisma } = db;
  const conversation = await prisma.conversation.findFirstOrThrow({ where: { roomId: room.id } });
  const run = await createRun(prisma, { id: room.id, workspaceId: room.workspaceId, agentId: room.agentId, conversationId: conversation.id }, "go");
  const result = await advanceStoredRun(db, run.id, { owner: "h6-test" });
  expect(result).toMatchObject({ status: "succeeded" });
  const calls = await prisma.toolCall.findMany({ where: { runId: run.id }, orderBy: [{ step: "asc" }, { createdAt: "asc" }] });
  expect(calls[0]).toMatchObject({ tool: "run_command", status: "executed" });
  expect(String(calls[0]!.result)).toContain("planted");
  return { runId: run.id, calls: calls.map((c) => ({ tool: c.tool, status: c.status, result: String(c.result) })) };
}

/** The submodule is still the recorded commit on `ref`, and src/app.js carries the agent's edit. */
function expectCommittedAsPlainContent(mirror: string, ref: string): void {
  expect(gitSync(mirror, ["ls-tree", ref, "vendor/lib"]).trim()).toBe(`160000 commit ${vendored}\tvendor/lib`);
  expect(gitSync(mirror, ["show", `${ref}:src/app.js`])).toContain("limit = 11");
  expect(gitSync(mirror, ["ls-tree", ref, ".hostile/mark"])).toMatch(/^100755 blob /);
  expect(gitSync(mirror, ["show", `${ref}:.gitmodules`])).not.toContain("extra");
}

const COMMITTED: Variant[] = ["filters", "process-filter", "git-file", "git-symlink"];

describe("H6: the agent's git_commit", () => {
  it.each(COMMITTED)("H6, H1: %s at a submodule's path: git_commit records the change, the submodule stays the recorded commit, nothing runs on the host", async (variant) => {
    const { prisma } = db;
    const actor = await owner(prisma);
    const repository = await repositoryWithSubmodule(prisma, actor, `commit-${variant}`);
    const room = await roomPlanting(prisma, actor, repository.id, variant, [[{ name: "git_commit", args: { message: "Agent change" } }]]);
    const { calls } = await runAgent(room);

    expect(calls[2], calls[2]!.result).toMatchObject({ tool: "git_commit", status: "executed" });
    expect(calls[2]!.result).toMatch(/^Committed [0-9a-f]{40}: Agent change$/);
    expectCommittedAsPlainContent(mirrorPath(repository.id), `gatehouse/${room.id}`);
    await expectNothingRanOnTheHost(room.worktreePath!);
  }, LONG);

  it("H6, H2: a new submodule declared in .gitmodules for a nested repository of the agent's is refused with the reason; nothing is committed, nothing runs on the host", async () => {
    const { prisma } = db;
    const actor = await owner(prisma);
    const repository = await repositoryWithSubmodule(prisma, actor, "commit-declared");
    const room = await roomPlanting(prisma, actor, repository.id, "declared-submodule", [[{ name: "git_commit", args: { message: "Agent change" } }]]);
    const mirror = mirrorPath(repository.id);
    const before = gitSync(mirror, ["rev-parse", `gatehouse/${room.id}`]).trim();
    const { calls } = await runAgent(room);

    expect(calls[2]).toMatchObject({ tool: "git_commit", status: "error" });
    expect(calls[2]!.result).toMatch(/extra is a nested git repository/);
    expect(gitSync(mirror, ["rev-parse", `gatehouse/${room.id}`]).trim()).toBe(before);
    await expectNothingRanOnTheHost(room.worktreePath!);
  }, LONG);
});

describe("H6: a person's \"Commit changes…\" in a room", () => {
  it.each(["filters", "git-symlink"] as Variant[])("H6, H1: %s at a submodule's path: the person's commit records the room's work, nothing runs on the host", async (variant) => {
    const { prisma } = db;
    const actor = await owner(prisma);
    const repository = await repositoryWithSubmodule(prisma, actor, `person-${variant}`);
    const room = await roomPlanting(prisma, actor, repository.id, variant);
    await runAgent(room);

    const made = await commitRoomWork(prisma, actor, room.id, { message: "Person commits the room's work" });
    expect(made.subject).toBe("Person commits the room's work");
    expectCommittedAsPlainContent(mirrorPath(repository.id), made.sha);
    await expectNothingRanOnTheHost(room.worktreePath!);
  }, LONG);

  it("H6, H2: with a submodule declared for the agent's nested repository, the person is told why nothing was committed; nothing runs on the host", async () => {
    const { prisma } = db;
    const actor = await owner(prisma);
    const repository = await repositoryWithSubmodule(prisma, actor, "person-declared");
    const room = await roomPlanting(prisma, actor, repository.id, "declared-submodule");
    await runAgent(room);

    await expect(commitRoomWork(prisma, actor, room.id, { message: "Person commits" })).rejects.toMatchObject({
      code: "unprocessable",
      message: expect.stringMatching(/^Nothing was committed: extra is a nested git repository/),
    });
    await expectNothingRanOnTheHost(room.worktreePath!);
  }, LONG);
});

describe("H6: a code ticket's delivery (commit leftovers, O7)", () => {
  async function ticketPlanting(variant: Variant) {
    const { prisma } = db;
    const actor = await owner(prisma);
    const repository = await repositoryWithSubmodule(prisma, actor, `ticket-${variant}`);
    const script = {
      scenarios: [
        {
          when: "^Ticket plant:",
          steps: [
            { toolCalls: [{ name: "run_command", args: { command: plant(variant) } }] },
            { toolCalls: [{ name: "write_file", args: { path: "src/app.js", content: APP.replace("10", "11") } }] },
            { text: "Planted and edited." },
          ],
        },
        { steps: [{ text: "Summary." }] },
      ],
    };
    const lead = await createAgent(prisma, actor.workspaceId, script, { name: `lead-${variant}` });
    const room = await createRoom(prisma, actor, { name: `Ticket ${variant}`, mode: "orchestrate", autonomy: "auto", repositoryId: repository.id, agentId: lead.id });
    const conversation = await prisma.conversation.findFirstOrThrow({ where: { roomId: room.id } });
    const { proposalId } = await recordProposal(prisma, { workspaceId: actor.workspaceId, roomId: room.id, runId: null, conversationId: conversation.id }, {
      roles: [{ name: "planter", description: "" }],
      tickets: [{ key: "plant", title: "Plant", description: "", role: "planter", scope: ["src/", "vendor/", ".hostile/", ".hostile-ran", ".gitmodules", "extra/"] }],
      synthesis: { title: "Planted goal", description: "" },
      budget: { maxRuns: 5, maxMinutes: 10 },
    });
    const approved = await approveProposal(prisma, { workspaceId: actor.workspaceId, roomId: room.id, proposalId, userId: actor.userId });
    return { repository, approved };
  }

  it.each(["filters", "git-file"] as Variant[])("H6, H1: %s at a submodule's path: the ticket's leftovers are committed and opened as a pull request, nothing runs on the host", async (variant) => {
    const { prisma } = db;
    const { repository, approved } = await ticketPlanting(variant);
    const worker = await inProcessWorker(db);
    let ticket;
    try {
      ticket = await waitFor("the ticket's pull request", () => prisma.ticket.findFirst({ where: { orchestrationId: approved.orchestrationId, key: "plant", pullRequestId: { not: null } } }), 180_000);
    } finally {
      await worker.stop();
    }
    const mirror = mirrorPath(repository.id);
    expectCommittedAsPlainContent(mirror, ticket.branch!);
    expect(gitSync(mirror, ["rev-parse", `${ticket.branch!}~1`]).trim()).toBe(ticket.baseSha);
    const stepRoom = await prisma.room.findUniqueOrThrow({ where: { id: ticket.stepRoomId! } });
    await expectNothingRanOnTheHost(stepRoom.worktreePath!);
  }, LONG);

  it("H6, H2: a submodule declared for the agent's nested repository fails the ticket saying why; no pull request, nothing runs on the host", async () => {
    const { prisma } = db;
    const { repository, approved } = await ticketPlanting("declared-submodule");
    const worker = await inProcessWorker(db);
    let ticket;
    try {
      ticket = await waitFor("the ticket to fail", () => prisma.ticket.findFirst({ where: { orchestrationId: approved.orchestrationId, key: "plant", status: "failed" } }), 180_000);
    } finally {
      await worker.stop();
    }
    expect(ticket.error).toMatch(/extra is a nested git repository/);
    expect(await prisma.pullRequest.count({ where: { repositoryId: repository.id } })).toBe(0);
    const stepRoom = await prisma.room.findUniqueOrThrow({ where: { id: ticket.stepRoomId! } });
    await expectNothingRanOnTheHost(stepRoom.worktreePath!);
  }, LONG);
});

describe("H6: the run's changes page", () => {
  it.each(["process-filter", "git-file"] as Variant[])("H6, H1: %s at a submodule's path: the changes page shows the run's commit from the mirror, nothing runs on the host", async (variant) => {
    const { prisma } = db;
    const actor = await owner(prisma);
    const repository = await repositoryWithSubmodule(prisma, actor, `changes-${variant}`);
    const room = await roomPlanting(prisma, actor, repository.id, variant, [[{ name: "git_commit", args: { message: "Agent change" } }]]);
    const { runId } = await runAgent(room);

    const changes = await getRunChanges(prisma, actor.workspaceId, runId);
    expect(changes.commits).toHaveLength(1);
    const files = changes.commits[0]!.files.map((f) => f.path);
    expect(files).toContain("src/app.js");
    expect(files).toContain(".hostile/mark");
    expect(files).not.toContain("vendor/lib");
    expect(changes.diff?.text).toContain("+export const limit = 11;");
    await expectNothingRanOnTheHost(room.worktreePath!);
  }, LONG);
});

describe("H6: a room following an applied suggestion", () => {
  it.each(["filters", "git-file"] as Variant[])("H6, H1: %s at a submodule's path in the room on the head branch: the suggestion lands, the room's files and index follow, nothing runs on the host", async (variant) => {
    const { prisma } = db;
    const actor = await owner(prisma);
    const repository = await repositoryWithSubmodule(prisma, actor, `follow-${variant}`);
    // The agent plants, edits src/app.js and commits only that file; its branch becomes a pull request.
    const room = await roomPlanting(prisma, actor, repository.id, variant, [[{ name: "git_commit", args: { message: "Agent change", paths: ["src/app.js"] } }]]);
    await runAgent(room);
    const agent = await createAgent(prisma, actor.workspaceId, { scenarios: [] });
    const { pull, room: reviewRoom } = await openPullRequest(prisma, actor, { repositoryId: repository.id, baseRef: "main", headRef: room.branch!, title: "From the room", agentId: agent.id });
    await prisma.job.deleteMany({});
    const finding = await prisma.finding.create({
      data: {
        pullRequestId: pull.id, roomId: reviewRoom.id, kind: "suggestion", priority: "P2", confidence: 0.9, title: "name it", body: "b",
        suggestion: "export const name = 'named';", file: "src/app.js", startLine: 2, endLine: 2, anchorSha: pull.headSha, author: "agent:reviewer", fingerprint: `fp-${variant}`,
      },
    });

    const { commit, roomsNotFollowed } = await applySuggestion(prisma, actor, { pullRequestId: pull.id, findingId: finding.id }, { headSha: pull.headSha });
    expect(roomsNotFollowed).toEqual([]);
    expect(await readFile(path.join(room.worktreePath!, "src/app.js"), "utf8")).toContain("name = 'named'");
    // The index followed too (read in the sandbox, as the agent would): src/app.js is not a local change.
    const onRecord = { path: room.worktreePath!, git: worktreeGit(repository.id, room.worktreePath)!, workspaceId: actor.workspaceId };
    const status = await readWorktreeGit(onRecord, ["status", "--porcelain", "--ignore-submodules=all", "--", "src"], { timeoutMs: 60_000, maxOutputBytes: 64 * 1024 });
    expect(status.stdout).toBe("");
    expect(gitSync(mirrorPath(repository.id), ["rev-parse", room.branch!]).trim()).toBe(commit);
    // The nested repository the agent made is as it left it.
    expect(await readFile(path.join(room.worktreePath!, "vendor/lib/f"), "utf8")).toBe("HI\n");
    await expectNothingRanOnTheHost(room.worktreePath!);
  }, LONG);
});

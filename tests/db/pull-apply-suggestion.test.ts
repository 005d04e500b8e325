/**
 * "Apply suggestion" on PostgreSQL with real git: the finding's replacement
 * is committed onto the head branch in Gatehouse's mirror as the person who
 * clicked, the pull request moves to that new head (R8: the old verdict is
 * stale, a re-review is queued, anchors are remapped), and every refusal
 * (moved head, outdated anchor, no suggestion, a room with uncommitted
 * changes to the file, a viewer, another workspace) writes nothing.
 */
import { utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "../../lib/db/generated/client";
import { applySuggestion } from "../../lib/pulls/apply-suggestion";
import { getPullRequest } from "../../lib/pulls/get-pull-request";
import { openPullRequest } from "../../lib/pulls/open-pull-request";
import { gitSync } from "../../lib/repos/git.test-support";
import { mirrorPath } from "../../lib/repos/mirror-paths";
import { syncRepository } from "../../lib/repositories/sync-repository";
import { createRoom } from "../../lib/rooms/create-room";
import type { WorkspaceActor } from "../../lib/workspaces/actor";
import { testDatabase } from "../support/db";
import { createAgent, createUser, createWorkspace } from "../support/factories";
import { checkout, commitFiles, makeRepo, sha, useDataDir } from "../support/reviews";

let data: Awaited<ReturnType<typeof useDataDir>>;
beforeAll(async () => {
  data = await useDataDir();
});
afterAll(() => data.cleanup());

const UTIL = "export function add(a, b) {\n  return a - b;\n}\n\nexport const NAME = 'util';\n";

async function setup(prisma: PrismaClient, tag: string) {
  const user = await createUser(prisma, `sam-${tag}`);
  const viewer = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [
    { userId: user.id, role: "member" },
    { userId: viewer.id, role: "viewer" },
  ]);
  const sam: WorkspaceActor = { workspaceId: workspace.id, userId: user.id, role: "member" };
  const vic: WorkspaceActor = { workspaceId: workspace.id, userId: viewer.id, role: "viewer" };
  const repo = await makeRepo(data.root, `apply-${tag}`, { "src/util.js": "export function add(a, b) {\n  return a + b;\n}\n" });
  checkout(repo, "feature", true);
  await commitFiles(repo, { "src/util.js": UTIL }, "Rework util");
  checkout(repo, "main");
  const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: `apply-${tag}`, path: repo } });
  const agent = await createAgent(prisma, workspace.id, { scenarios: [] });
  const { pull, room } = await openPullRequest(prisma, sam, { repositoryId: repository.id, baseRef: "main", headRef: "feature", title: "Rework util", agentId: agent.id });
  await prisma.job.deleteMany({});
  await prisma.review.create({ data: { pullRequestId: pull.id, roomId: room.id, headSha: pull.headSha, verdict: "ship", explanation: { rules: [], trigger: "finalize" } } });
  const finding = await prisma.finding.create({
    data: {
      pullRequestId: pull.id,
      roomId: room.id,
      kind: "bug",
      priority: "P1",
      confidence: 0.9,
      title: "add subtracts",
      body: "`add` returns a - b.",
      suggestion: "  return a + b;",
      file: "src/util.js",
      startLine: 2,
      endLine: 2,
      anchorSha: pull.headSha,
      author: "agent:reviewer",
      fingerprint: `fp-${tag}`,
    },
  });
  return { user, sam, vic, workspace, repo, repository, pull, room, finding, mirror: mirrorPath(repository.id) };
}

async function state(prisma: PrismaClient, s: { pull: { id: string }; mirror: string }) {
  const pull = await prisma.pullRequest.findUniqueOrThrow({ where: { id: s.pull.id } });
  return {
    head: pull.headSha,
    branch: gitSync(s.mirror, ["rev-parse", "refs/heads/feature"]).trim(),
    runs: await prisma.run.count({ where: { roomId: (await prisma.room.findFirstOrThrow({ where: { pullRequestId: s.pull.id } })).id } }),
    applied: await prisma.findingEvent.count({ where: { type: "suggestion_applied" } }),
  };
}

describe("apply suggestion", () => {
  it("R8: applying a suggestion commits the replacement onto the head branch as the person, makes it the new head, marks the ship verdict stale and queues a re-review", async () => {
    const { prisma } = await testDatabase();
    const s = await setup(prisma, "ok");
    const sourceFeature = sha(s.repo, "feature");

    const { commit, change } = await applySuggestion(prisma, s.sam, { pullRequestId: s.pull.id, findingId: s.finding.id }, { headSha: s.pull.headSha });

    expect(change).toMatchObject({ changed: true, previousHeadSha: s.pull.headSha, headSha: commit });
    expect(change.runId).toEqual(expect.any(String));
    expect(gitSync(s.mirror, ["rev-parse", "refs/heads/feature"]).trim()).toBe(commit);
    expect(gitSync(s.mirror, ["show", `${commit}:src/util.js`])).toBe(UTIL.replace("a - b", "a + b"));
    expect(gitSync(s.mirror, ["log", "-1", "--format=%P|%an <%ae>|%s", commit]).trim()).toBe(`${s.pull.headSha}|${s.user.name} <${s.user.email}>|Apply suggestion: add subtracts`);
    // Only that file changed.
    expect(gitSync(s.mirror, ["diff", "--name-only", s.pull.headSha, commit]).trim()).toBe("src/util.js");
    // H3: the source folder is never written.
    expect(sha(s.repo, "feature")).toBe(sourceFeature);

    const detail = await getPullRequest(prisma, s.workspace.id, s.pull.id);
    expect(detail.pullRequest.headSha).toBe(commit);
    expect(detail.verdict).toBeNull();
    expect(detail.reviews[0]).toMatchObject({ verdict: "ship", stale: true });
    expect(await prisma.run.findUniqueOrThrow({ where: { id: change.runId! } })).toMatchObject({ kind: "review", status: "queued" });
    expect(await prisma.job.count({ where: { kind: "run.advance" } })).toBeGreaterThan(0);
    expect(await prisma.findingEvent.findFirst({ where: { findingId: s.finding.id, type: "suggestion_applied" } })).toMatchObject({ actor: `user:${s.sam.userId}`, data: expect.objectContaining({ commit }) });

    // A later sync from the source (still behind) keeps the applied commit on the branch.
    await syncRepository(prisma, s.repository);
    expect(gitSync(s.mirror, ["rev-parse", "refs/heads/feature"]).trim()).toBe(commit);

    // The same finding again: its anchor now names an older head, or the head moved on — refused either way.
    await expect(applySuggestion(prisma, s.sam, { pullRequestId: s.pull.id, findingId: s.finding.id }, { headSha: commit })).rejects.toMatchObject({ code: "conflict" });
  });

  it("R10, R8: the person's commit message is the commit's, and the finding the suggestion fixes is resolved by that commit", async () => {
    const { prisma } = await testDatabase();
    const s = await setup(prisma, "message");
    const { commit } = await applySuggestion(prisma, s.sam, { pullRequestId: s.pull.id, findingId: s.finding.id }, { headSha: s.pull.headSha, message: "Fix add: it subtracted" });
    expect(gitSync(s.mirror, ["log", "-1", "--format=%s", commit]).trim()).toBe("Fix add: it subtracted");
    const finding = await prisma.finding.findUniqueOrThrow({ where: { id: s.finding.id } });
    expect(finding.status).toBe("resolved");
    expect(finding.statusReason).toContain(commit.slice(0, 12));
    expect(await prisma.findingEvent.findFirst({ where: { findingId: s.finding.id, type: "resolved" } })).toMatchObject({ actor: `user:${s.sam.userId}`, data: expect.objectContaining({ commit }) });
  });

  it("R8: a moved head, an outdated anchor, a finding without a suggestion or lines that do not exist are refused; nothing is committed", async () => {
    const { prisma } = await testDatabase();
    const s = await setup(prisma, "refuse");
    const ref = { pullRequestId: s.pull.id, findingId: s.finding.id };
    const before = await state(prisma, s);

    await expect(applySuggestion(prisma, s.sam, ref, { headSha: "2".repeat(40) })).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/head moved/) });
    await prisma.finding.update({ where: { id: s.finding.id }, data: { outdated: true } });
    await expect(applySuggestion(prisma, s.sam, ref, { headSha: s.pull.headSha })).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/anchor is outdated/) });
    await prisma.finding.update({ where: { id: s.finding.id }, data: { outdated: false, anchorSha: "3".repeat(40) } });
    await expect(applySuggestion(prisma, s.sam, ref, { headSha: s.pull.headSha })).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/anchor is outdated/) });
    await prisma.finding.update({ where: { id: s.finding.id }, data: { anchorSha: s.pull.headSha, startLine: 40, endLine: 41 } });
    await expect(applySuggestion(prisma, s.sam, ref, { headSha: s.pull.headSha })).rejects.toMatchObject({ code: "unprocessable", message: expect.stringMatching(/do not exist/) });
    await prisma.finding.update({ where: { id: s.finding.id }, data: { startLine: 2, endLine: 2, suggestion: null } });
    await expect(applySuggestion(prisma, s.sam, ref, { headSha: s.pull.headSha })).rejects.toMatchObject({ code: "unprocessable", message: expect.stringMatching(/no suggested change/) });
    await prisma.finding.update({ where: { id: s.finding.id }, data: { suggestion: "  return a + b;" } });
    // The branch moved in the source after the review: the pull request has not seen that head.
    checkout(s.repo, "feature");
    await commitFiles(s.repo, { "README.md": "later\n" }, "Later");
    checkout(s.repo, "main");
    await expect(applySuggestion(prisma, s.sam, ref, { headSha: s.pull.headSha })).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/Refresh head/) });

    const after = await state(prisma, s);
    expect({ ...after, branch: before.branch }).toEqual(before);
    expect(after.branch).toBe(sha(s.repo, "feature"));
  });

  it("a viewer is refused (403), another workspace sees no such finding (404), a closed pull request is read-only (409)", async () => {
    const { prisma } = await testDatabase();
    const s = await setup(prisma, "authz");
    const ref = { pullRequestId: s.pull.id, findingId: s.finding.id };
    const before = await state(prisma, s);
    await expect(applySuggestion(prisma, s.vic, ref, { headSha: s.pull.headSha })).rejects.toMatchObject({ code: "forbidden" });
    const stranger = await createUser(prisma);
    const other = await createWorkspace(prisma, [{ userId: stranger.id, role: "owner" }]);
    await expect(applySuggestion(prisma, { workspaceId: other.id, userId: stranger.id, role: "owner" }, ref, { headSha: s.pull.headSha })).rejects.toMatchObject({ code: "not_found" });
    await prisma.pullRequest.update({ where: { id: s.pull.id }, data: { state: "closed" } });
    await expect(applySuggestion(prisma, s.sam, ref, { headSha: s.pull.headSha })).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/closed/) });
    expect(await state(prisma, s)).toEqual(before);
  });

  it("R8: a room working on the head branch follows the new commit; with uncommitted changes to that file it refuses and commits nothing", async () => {
    const { prisma } = await testDatabase();
    const user = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: user.id, role: "owner" }]);
    const actor: WorkspaceActor = { workspaceId: workspace.id, userId: user.id, role: "owner" };
    const repo = await makeRepo(data.root, `apply-room-${workspace.slug}`, { "src/util.js": "export function add(a, b) {\n  return a + b;\n}\n" });
    const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "room-repo", path: repo } });
    const agent = await createAgent(prisma, workspace.id, { scenarios: [] });
    const room = await createRoom(prisma, actor, { name: "worker", mode: "chat", autonomy: "auto", repositoryId: repository.id, agentId: agent.id });
    const mirror = mirrorPath(repository.id);
    // The room's agent committed a change on its branch.
    const location = ["--git-dir", path.join(mirror, "worktrees", path.basename(room.worktreePath!)), "--work-tree", room.worktreePath!];
    await writeFile(path.join(room.worktreePath!, "src/util.js"), UTIL);
    gitSync(room.worktreePath!, [...location, "commit", "-q", "-am", "Rework util"]);
    const { pull, room: reviewRoom } = await openPullRequest(prisma, actor, { repositoryId: repository.id, baseRef: "main", headRef: room.branch!, title: "From the room", agentId: agent.id });
    await prisma.job.deleteMany({});
    const finding = await prisma.finding.create({
      data: {
        pullRequestId: pull.id, roomId: reviewRoom.id, kind: "bug", priority: "P1", confidence: 0.9, title: "add subtracts", body: "b",
        suggestion: "  return a + b;", file: "src/util.js", startLine: 2, endLine: 2, anchorSha: pull.headSha, author: "agent:reviewer", fingerprint: "fp-room",
      },
    });
    const ref = { pullRequestId: pull.id, findingId: finding.id };

    await writeFile(path.join(room.worktreePath!, "src/util.js"), UTIL + "// local edit\n");
    await expect(applySuggestion(prisma, actor, ref, { headSha: pull.headSha })).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/uncommitted changes to src\/util\.js/) });
    expect(gitSync(mirror, ["rev-parse", `refs/heads/${room.branch}`]).trim()).toBe(pull.headSha);

    // Written back as committed: same content, new stat data (as an editor's save leaves it), which git must not take for a change.
    await writeFile(path.join(room.worktreePath!, "src/util.js"), UTIL);
    await utimes(path.join(room.worktreePath!, "src/util.js"), new Date(Date.now() + 60_000), new Date(Date.now() + 60_000));
    await writeFile(path.join(room.worktreePath!, "notes.txt"), "untracked work stays\n");
    const { commit, roomsNotFollowed } = await applySuggestion(prisma, actor, ref, { headSha: pull.headSha });
    expect(roomsNotFollowed).toEqual([]);
    expect(gitSync(room.worktreePath!, [...location, "rev-parse", "HEAD"]).trim()).toBe(commit);
    // The room's files and index follow: nothing to commit, and its untracked work is kept.
    expect(gitSync(room.worktreePath!, [...location, "status", "--porcelain"]).trim()).toBe("?? notes.txt");
    expect(gitSync(room.worktreePath!, [...location, "show", "HEAD:src/util.js"])).toContain("a + b");
  });
});

/**
 * From a room's work to a pull request that follows it, with real git (on
 * PostgreSQL and on the embedded default): a person commits the room's
 * uncommitted work as its author, the commit shows in the room, "Open pull
 * request" is offered only once the branch has commits its base lacks, and a
 * pull request whose head is that branch follows every commit made inside
 * Gatehouse — in the room, and in a "Fix with an agent" room — without
 * anyone pressing "Refresh head" (R8).
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "../../lib/db/generated/client";
import { fixFindingWithAgent } from "../../lib/pulls/fix-finding-with-agent";
import { openPullRequest } from "../../lib/pulls/open-pull-request";
import { gitSync } from "../../lib/repos/git.test-support";
import { mirrorPath } from "../../lib/repos/mirror-paths";
import { createRoom } from "../../lib/rooms/create-room";
import { getRoomBranch } from "../../lib/rooms/get-room-branch";
import { commitRoomWork } from "../../lib/runtime/commit-room-work";
import { createToolServices } from "../../lib/runtime/tool-services";
import { gitCommitTool } from "../../lib/tools/git-commit";
import { callTool, outputOf, toolContext } from "../../lib/tools/tools.test-support";
import { worktreeGit } from "../../lib/repos/mirror-paths";
import type { WorkspaceActor } from "../../lib/workspaces/actor";
import { testDatabase } from "../support/db";
import { createAgent, createUser, createWorkspace } from "../support/factories";
import { makeRepo, useDataDir } from "../support/reviews";

let data: Awaited<ReturnType<typeof useDataDir>>;
beforeAll(async () => {
  data = await useDataDir();
});
afterAll(() => data.cleanup());

async function team(prisma: PrismaClient, tag: string) {
  const dana = await createUser(prisma, `dana-${tag}`);
  const vic = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [
    { userId: dana.id, role: "member" },
    { userId: vic.id, role: "viewer" },
  ]);
  const actor: WorkspaceActor = { workspaceId: workspace.id, userId: dana.id, role: "member" };
  const viewer: WorkspaceActor = { workspaceId: workspace.id, userId: vic.id, role: "viewer" };
  const repo = await makeRepo(data.root, `room-commit-${tag}-${workspace.slug}`, { "README.md": "# kit\n", "src/a.js": "export const a = 1;\n" });
  const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: `kit-${tag}`, path: repo } });
  const agent = await createAgent(prisma, workspace.id, { scenarios: [] });
  const room = await createRoom(prisma, actor, { name: "Docs", mode: "chat", autonomy: "auto", repositoryId: repository.id, agentId: agent.id });
  return { dana, actor, viewer, workspace, repository, agent, room, mirror: mirrorPath(repository.id) };
}

const tip = (mirror: string, branch: string) => gitSync(mirror, ["rev-parse", `refs/heads/${branch}`]).trim();

describe("a person commits a room's work", () => {
  it("R8: the commit is the person's, with their message, shown in the room; Open pull request is offered only once the branch is ahead of its base", async () => {
    const { prisma } = await testDatabase();
    const t = await team(prisma, "own");
    expect(await getRoomBranch(prisma, t.workspace.id, t.room.id)).toMatchObject({ branch: t.room.branch, base: "main", ahead: 0, canCommit: true, openPull: null });
    await expect(commitRoomWork(prisma, t.actor, t.room.id, { message: "Nothing yet" })).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/Nothing to commit/) });

    await writeFile(path.join(t.room.worktreePath!, "README.md"), "# kit\n\nNow with docs.\n");
    await writeFile(path.join(t.room.worktreePath!, "NOTES.md"), "notes\n");
    await expect(commitRoomWork(prisma, t.viewer, t.room.id, { message: "As a viewer" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(commitRoomWork(prisma, t.actor, t.room.id, { message: "   " })).rejects.toMatchObject({ name: "ZodError" });

    const made = await commitRoomWork(prisma, t.actor, t.room.id, { message: "Document the kit\n\nA first paragraph." });
    expect(tip(t.mirror, t.room.branch!)).toBe(made.sha);
    expect(gitSync(t.mirror, ["log", "-1", "--format=%an <%ae>|%s", made.sha]).trim()).toBe(`${t.dana.name} <${t.dana.email}>|Document the kit`);
    expect(gitSync(t.mirror, ["show", "--name-only", "--format=", made.sha]).trim().split("\n").sort()).toEqual(["NOTES.md", "README.md"]);

    const shown = await prisma.message.findUniqueOrThrow({ where: { id: made.messageId } });
    expect(shown).toMatchObject({ role: "system", authorId: t.dana.id });
    expect(shown.content).toContain(`${t.dana.name} committed ${made.sha.slice(0, 12)}`);
    expect(shown.content).toContain("Document the kit");
    expect(await prisma.runEvent.count({ where: { roomId: t.room.id, type: "message.created" } })).toBeGreaterThan(0);
    expect(await getRoomBranch(prisma, t.workspace.id, t.room.id)).toMatchObject({ ahead: 1, openPull: null });

    const { pull } = await openPullRequest(prisma, t.actor, { repositoryId: t.repository.id, baseRef: "main", headRef: t.room.branch!, title: "Docs", agentId: t.agent.id });
    expect(await getRoomBranch(prisma, t.workspace.id, t.room.id)).toMatchObject({ ahead: 1, openPull: { id: pull.id, number: pull.number, fixes: false } });
  });

  it("R8: a pull request follows a commit made in the room on its head branch — new head, re-review queued — without Refresh head", async () => {
    const { prisma } = await testDatabase();
    const t = await team(prisma, "follow");
    await writeFile(path.join(t.room.worktreePath!, "README.md"), "# kit\n\nFirst.\n");
    const first = await commitRoomWork(prisma, t.actor, t.room.id, { message: "First" });
    const { pull } = await openPullRequest(prisma, t.actor, { repositoryId: t.repository.id, baseRef: "main", headRef: t.room.branch!, title: "Docs", agentId: t.agent.id });
    expect(pull.headSha).toBe(first.sha);
    const reviewsBefore = await prisma.run.count({ where: { kind: "review", room: { pullRequestId: pull.id } } });

    await writeFile(path.join(t.room.worktreePath!, "README.md"), "# kit\n\nSecond.\n");
    const second = await commitRoomWork(prisma, t.actor, t.room.id, { message: "Second" });
    const moved = await prisma.pullRequest.findUniqueOrThrow({ where: { id: pull.id } });
    expect(moved.headSha).toBe(second.sha);
    expect(await prisma.runEvent.count({ where: { type: "pull.head_changed", data: { path: ["to"], equals: second.sha } } })).toBe(1);
    expect(await prisma.run.count({ where: { kind: "review", room: { pullRequestId: pull.id } } })).toBe(reviewsBefore + 1);
  });

  it("R8: a commit in a Fix-with-an-agent room lands on the pull request's head branch, and the pull request and the room on that branch follow", async () => {
    const { prisma } = await testDatabase();
    const t = await team(prisma, "fix");
    await writeFile(path.join(t.room.worktreePath!, ".env"), "SECRET_MODE=1\n");
    await writeFile(path.join(t.room.worktreePath!, "README.md"), "# kit\n\nWith settings.\n");
    const work = await commitRoomWork(prisma, t.actor, t.room.id, { message: "Settings" });
    const { pull, room: reviewRoom } = await openPullRequest(prisma, t.actor, { repositoryId: t.repository.id, baseRef: "main", headRef: t.room.branch!, title: "Settings", agentId: t.agent.id });
    const finding = await prisma.finding.create({
      data: { pullRequestId: pull.id, roomId: reviewRoom.id, kind: "bug", priority: "P1", confidence: 0.75, title: "Environment file committed (.env)", body: "b", file: ".env", startLine: 1, endLine: 1, anchorSha: pull.headSha, author: "agent:reviewer", fingerprint: "fp-fix" },
    });
    const fix = await fixFindingWithAgent(prisma, t.actor, { pullRequestId: pull.id, findingId: finding.id }, {});
    const fixRoom = await prisma.room.findUniqueOrThrow({ where: { id: fix.room.id } });
    expect(fixRoom.branch).not.toBe(t.room.branch);
    expect(await getRoomBranch(prisma, t.workspace.id, fixRoom.id)).toMatchObject({ canCommit: true, openPull: { id: pull.id, fixes: true } });

    // What the fix agent left in its worktree, committed by the person.
    await import("node:fs/promises").then((fs) => fs.rm(path.join(fixRoom.worktreePath!, ".env")));
    const fixed = await commitRoomWork(prisma, t.actor, fixRoom.id, { message: "Remove the committed .env" });
    expect(gitSync(t.mirror, ["log", "-1", "--format=%P", fixed.sha]).trim()).toBe(work.sha);

    // The head branch moved to the fix (a fast-forward in the mirror), the pull request followed, a re-review is queued.
    expect(tip(t.mirror, t.room.branch!)).toBe(fixed.sha);
    expect((await prisma.pullRequest.findUniqueOrThrow({ where: { id: pull.id } })).headSha).toBe(fixed.sha);
    expect(await prisma.runEvent.count({ where: { type: "pull.head_changed", data: { path: ["to"], equals: fixed.sha } } })).toBe(1);
    // The room working on the head branch has the fix in its files, with nothing left to commit.
    const location = ["--git-dir", path.join(t.mirror, "worktrees", path.basename(t.room.worktreePath!)), "--work-tree", t.room.worktreePath!];
    expect(gitSync(t.room.worktreePath!, [...location, "rev-parse", "HEAD"]).trim()).toBe(fixed.sha);
    expect(gitSync(t.room.worktreePath!, [...location, "status", "--porcelain"]).trim()).toBe("");
  });

  it("R8: an agent's git_commit in the room moves the pull request on that branch too", async () => {
    const { prisma } = await testDatabase();
    const t = await team(prisma, "agent");
    await writeFile(path.join(t.room.worktreePath!, "README.md"), "# kit\n\nBy a person.\n");
    await commitRoomWork(prisma, t.actor, t.room.id, { message: "By a person" });
    const { pull } = await openPullRequest(prisma, t.actor, { repositoryId: t.repository.id, baseRef: "main", headRef: t.room.branch!, title: "Docs", agentId: t.agent.id });

    await writeFile(path.join(t.room.worktreePath!, "README.md"), "# kit\n\nBy the agent.\n");
    const services = createToolServices(prisma, { workspaceId: t.workspace.id, roomId: t.room.id, runId: "run-agent", conversationId: null, author: "agent:test" });
    const ctx = toolContext(t.room.worktreePath!, "chat", { workspaceId: t.workspace.id, roomId: t.room.id, git: worktreeGit(t.repository.id, t.room.worktreePath), services });
    const output = outputOf(await callTool(gitCommitTool, { message: "By the agent" }, ctx));
    const sha = tip(t.mirror, t.room.branch!);
    expect(output).toContain(sha);
    expect((await prisma.pullRequest.findUniqueOrThrow({ where: { id: pull.id } })).headSha).toBe(sha);
    expect(await prisma.runEvent.count({ where: { type: "pull.head_changed", data: { path: ["to"], equals: sha } } })).toBe(1);
  });

  it("a review room and a room without a worktree have nothing a person can commit", async () => {
    const { prisma } = await testDatabase();
    const t = await team(prisma, "refuse");
    await writeFile(path.join(t.room.worktreePath!, "README.md"), "# kit\n\nx\n");
    await commitRoomWork(prisma, t.actor, t.room.id, { message: "x" });
    const { room: reviewRoom } = await openPullRequest(prisma, t.actor, { repositoryId: t.repository.id, baseRef: "main", headRef: t.room.branch!, title: "x", agentId: t.agent.id });
    await expect(commitRoomWork(prisma, t.actor, reviewRoom.id, { message: "in review" })).rejects.toMatchObject({ code: "unprocessable", message: expect.stringMatching(/review room/) });
    const bare = await createRoom(prisma, t.actor, { name: "No repo", mode: "chat", autonomy: "auto", agentId: t.agent.id });
    await expect(commitRoomWork(prisma, t.actor, bare.id, { message: "nothing" })).rejects.toMatchObject({ code: "unprocessable" });
    expect(await getRoomBranch(prisma, t.workspace.id, reviewRoom.id)).toMatchObject({ canCommit: false });
  });
});

/**
 * R10 on PostgreSQL with real git: each finding has a discussion thread people
 * reply to, live in the review room; the follow-up review after a push reads
 * the replies — the built-in reviewer answers them, and a model receives them
 * in its prompt (a real OpenAI-compatible request to a local wire server).
 * "Fix with an agent" opens an Agent-mode room of its own, seeded with the
 * finding and its thread, and leaves the review room's mode alone.
 */
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import type { PrismaClient } from "../../lib/db/generated/client";
import { createSampleRepo } from "../../lib/demo/sample-repo";
import { startWireServer, type SseEvent, type WireServer } from "../../lib/models/testing/wire-server";
import { changePullState } from "../../lib/pulls/change-pull-state";
import { fixFindingWithAgent } from "../../lib/pulls/fix-finding-with-agent";
import { openPullRequest } from "../../lib/pulls/open-pull-request";
import { refreshPullRequest } from "../../lib/pulls/refresh-pull-request";
import { gitSync } from "../../lib/repos/git.test-support";
import { addPersonFinding } from "../../lib/reviews/add-person-finding";
import { addFindingReply } from "../../lib/reviews/add-finding-reply";
import { listFindingReplies } from "../../lib/reviews/list-finding-replies";
import { getFinding } from "../../lib/reviews/get-finding";
import { testDatabase } from "../support/db";
import { createAgent, createUser, createWorkspace } from "../support/factories";
import { checkout, commitFiles, drainJobs, useDataDir } from "../support/reviews";

let data: Awaited<ReturnType<typeof useDataDir>>;
beforeAll(async () => {
  data = await useDataDir();
});
afterAll(() => data.cleanup());
afterEach(() => {
  vi.unstubAllEnvs();
});

const INTENDED = "This TODO is **intended** because the cap lands next sprint; see `PLAN.md`.";

async function team(prisma: PrismaClient) {
  const dana = await createUser(prisma, `dana-${Math.random().toString(36).slice(2, 8)}`);
  const sam = await createUser(prisma, `sam-${Math.random().toString(36).slice(2, 8)}`);
  const vic = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [
    { userId: dana.id, role: "owner" },
    { userId: sam.id, role: "member" },
    { userId: vic.id, role: "viewer" },
  ]);
  const actor = <R extends "owner" | "member" | "viewer">(userId: string, role: R) => ({ workspaceId: workspace.id, userId, role });
  return { workspace, dana: actor(dana.id, "owner"), sam: actor(sam.id, "member"), vic: actor(vic.id, "viewer"), samName: sam.name };
}

/** The sample repository's pull request, reviewed by `agentId` (default: the built-in reviewer). */
async function reviewedPull(prisma: PrismaClient, workspace: { id: string; slug: string }, dana: { workspaceId: string; userId: string; role: "owner" }, agentId?: string) {
  const repoPath = await createSampleRepo(path.join(data.root, `sample-${workspace.slug}`));
  const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "invoice-kit", path: repoPath } });
  const opened = await openPullRequest(prisma, dana, { repositoryId: repository.id, baseRef: "main", headRef: "feature/discount-cap", title: "Cap discounts", ...(agentId ? { agentId } : {}) });
  return { ...opened, repoPath, repository };
}

/** A push to the head branch, seen by Gatehouse. */
async function push(prisma: PrismaClient, repoPath: string, dana: { workspaceId: string; userId: string; role: "owner" }, pullId: string) {
  checkout(repoPath, "feature/discount-cap");
  const original = gitSync(repoPath, ["show", "HEAD:src/invoice.js"]);
  await commitFiles(repoPath, { "src/invoice.js": `// invoice-kit\n${original}` }, "A header line");
  checkout(repoPath, "main");
  return refreshPullRequest(prisma, dana, pullId);
}

describe("R10: finding discussion threads", () => {
  it("R10: a teammate replies to a finding in Markdown, the review room gets it live, and the built-in reviewer's follow-up review after a push reads and answers it", async () => {
    const db = await testDatabase();
    const { prisma } = db;
    const { workspace, dana, sam, vic, samName } = await team(prisma);
    const { pull, room, repoPath } = await reviewedPull(prisma, workspace, dana);
    expect((await drainJobs(db)).errors).toEqual([]);
    const todo = await prisma.finding.findFirstOrThrow({ where: { pullRequestId: pull.id, title: { contains: "TODO" } } });

    const reply = await addFindingReply(prisma, sam, { pullRequestId: pull.id, findingId: todo.id }, { body: `  ${INTENDED}\n` });
    expect(reply).toMatchObject({ findingId: todo.id, author: `user:${sam.userId}`, authorName: samName, body: INTENDED });
    await addFindingReply(prisma, dana, { pullRequestId: pull.id, findingId: todo.id }, { body: "Agreed, leave it." });
    // Live: each reply is a room event of the review room.
    const events = await prisma.runEvent.findMany({ where: { roomId: room.id, type: "finding.replied" }, orderBy: { id: "asc" } });
    expect(events.map((e) => e.data)).toEqual([
      { pullRequestId: pull.id, findingId: todo.id, replyId: reply.id, by: sam.userId },
      expect.objectContaining({ findingId: todo.id, by: dana.userId }),
    ]);
    // Viewers read the thread; the finding counts its replies.
    expect((await listFindingReplies(prisma, { workspaceId: workspace.id, pullRequestId: pull.id, findingId: todo.id })).map((r) => r.body)).toEqual([INTENDED, "Agreed, leave it."]);
    expect((await getFinding(prisma, { workspaceId: workspace.id, pullRequestId: pull.id, findingId: todo.id })).finding.replyCount).toBe(2);
    // Viewers cannot reply; an empty reply says what to fix.
    await expect(addFindingReply(prisma, vic, { pullRequestId: pull.id, findingId: todo.id }, { body: "me too" })).rejects.toMatchObject({ code: "forbidden" });
    const empty = await addFindingReply(prisma, sam, { pullRequestId: pull.id, findingId: todo.id }, { body: "   " }).catch((e: unknown) => e);
    expect(empty).toBeInstanceOf(ZodError);
    expect((empty as ZodError).issues[0]).toMatchObject({ path: ["body"], message: "write a reply first" });

    // The follow-up review after a push carries the replies in its request and its prompt.
    expect(await push(prisma, repoPath, dana, pull.id)).toMatchObject({ changed: true });
    const request = await prisma.message.findFirstOrThrow({ where: { conversation: { roomId: room.id }, role: "user" }, orderBy: { createdAt: "desc" } });
    expect(request.content).toContain("Replies on findings of this pull request");
    expect(request.content).toContain(`"${todo.title}"`);
    expect(request.content).toContain(`${samName}: ${INTENDED}`);
    const rerun = await prisma.run.findFirstOrThrow({ where: { roomId: room.id, triggerMessageId: request.id } });
    expect(JSON.stringify(rerun.state)).toContain(INTENDED.replace(/"/g, '\\"'));
    expect((await drainJobs(db)).errors).toEqual([]);
    // The built-in reviewer answers what it read, in its published summary and its last words.
    const review = await prisma.review.findFirstOrThrow({ where: { pullRequestId: pull.id, runId: rerun.id }, orderBy: { createdAt: "desc" } });
    expect(review.summary).toMatch(/I read the replies on 1 finding: on ".*TODO.*", .* wrote: “Agreed, leave it\.”.*dismiss it with that reason/);
    const words = await prisma.message.findFirstOrThrow({ where: { conversation: { roomId: room.id }, role: "assistant" }, orderBy: { createdAt: "desc" } });
    expect(words.content).toContain("I read the replies on 1 finding");

    // R9: a closed pull request's thread is read-only.
    await changePullState(prisma, dana, pull.id, { action: "close" });
    await expect(addFindingReply(prisma, sam, { pullRequestId: pull.id, findingId: todo.id }, { body: "late" })).rejects.toMatchObject({ code: "conflict" });
  });

  it("R10: a model reviewer's follow-up review receives the replies in its prompt, with the review prompt telling it to answer them", async () => {
    const db = await testDatabase();
    const { prisma } = db;
    const { workspace, dana, sam, samName } = await team(prisma);
    const chunk = (delta: Record<string, unknown>, finish: string | null = null): SseEvent => ({
      data: { id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] },
    });
    const server: WireServer = await startWireServer(() => ({ sse: [chunk({ role: "assistant", content: "" }), chunk({ content: "Reviewed." }), chunk({}, "stop"), { data: "[DONE]" }] }));
    try {
      vi.stubEnv("GATEHOUSE_ALLOWED_MODEL_HOSTS", server.host);
      const agent = await prisma.agent.create({ data: { workspaceId: workspace.id, name: "model-reviewer", provider: "openai_compatible", model: "m", baseUrl: `${server.origin}/v1` } });
      const { pull, repoPath } = await reviewedPull(prisma, workspace, dana, agent.id);
      expect((await drainJobs(db)).errors).toEqual([]);
      expect(server.requests).toHaveLength(1);
      // The model raised nothing itself; a person's finding gets the reply.
      const { finding } = await addPersonFinding(prisma, dana, pull.id, { kind: "question", priority: "P2", confidence: 0.6, title: "Why cap at 50%?", body: "Is 50% the business rule?" });
      await addFindingReply(prisma, sam, { pullRequestId: pull.id, findingId: finding.id }, { body: "It is intended because finance asked for it." });

      await push(prisma, repoPath, dana, pull.id);
      expect((await drainJobs(db)).errors).toEqual([]);
      expect(server.requests).toHaveLength(2);
      const sent = server.requests[1]!.body as { messages: { role: string; content: unknown }[] };
      const text = (role: string) => sent.messages.filter((m) => m.role === role).map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content))).join("\n");
      expect(text("user")).toContain(`- [P2 question, open] "Why cap at 50%?" (finding ${finding.id})`);
      expect(text("user")).toContain(`${samName}: It is intended because finance asked for it.`);
      expect(text("system")).toMatch(/replies come with the review request: answer them in your summary/);
      // The first review, before anyone replied, carried no discussion.
      expect(JSON.stringify(server.requests[0]!.body)).not.toContain("Replies on findings");
    } finally {
      await server.close();
    }
  });

  it("M1, R1: Fix with an agent opens an Agent-mode room of its own on the head commit, seeded with the finding and its thread, linked from the finding; asked again it is the same room; the review room stays in review mode", async () => {
    const db = await testDatabase();
    const { prisma } = db;
    const { workspace, dana, sam, vic, samName } = await team(prisma);
    const fixer = await createAgent(prisma, workspace.id, { scenarios: [] }, { name: "Builder" });
    const { pull, room } = await reviewedPull(prisma, workspace, dana);
    expect((await drainJobs(db, { kinds: ["run.advance", "review.axes"] })).errors).toEqual([]);
    const secret = await prisma.finding.findFirstOrThrow({ where: { pullRequestId: pull.id, priority: "P0" } });
    await addFindingReply(prisma, sam, { pullRequestId: pull.id, findingId: secret.id }, { body: "Move it to an environment variable, please." });
    const ref = { pullRequestId: pull.id, findingId: secret.id };

    await expect(fixFindingWithAgent(prisma, vic, ref, {})).rejects.toMatchObject({ code: "forbidden" });
    const { room: fixRoom, created } = await fixFindingWithAgent(prisma, sam, ref, {});
    expect(created).toBe(true);
    const row = await prisma.room.findUniqueOrThrow({ where: { id: fixRoom.id } });
    expect(row).toMatchObject({ mode: "chat", agentId: fixer.id, repositoryId: pull.repositoryId, pullRequestId: null, branch: `gatehouse/${row.id}` });
    expect(gitSync(row.worktreePath!, ["rev-parse", "HEAD"]).trim()).toBe(pull.headSha);
    // Seeded: the first message names the file and lines, the body, the suggestion and the thread, and a run is queued for the agent.
    const seed = await prisma.message.findFirstOrThrow({ where: { conversation: { roomId: row.id } } });
    expect(seed).toMatchObject({ role: "user", authorId: sam.userId });
    expect(seed.content).toContain(`\`${secret.file}\` lines ${secret.startLine}–${secret.endLine}`);
    expect(seed.content).toContain(secret.title);
    expect(seed.content).toContain(secret.body.slice(0, 40));
    expect(seed.content).toContain(`> **${samName}:** Move it to an environment variable, please.`);
    expect(await prisma.run.count({ where: { roomId: row.id, triggerMessageId: seed.id, agentId: fixer.id } })).toBe(1);
    // Linked back, recorded, announced in the review room.
    expect((await getFinding(prisma, { workspaceId: workspace.id, ...ref })).finding.fixRoom).toEqual({ id: row.id, name: row.name });
    expect(await prisma.runEvent.count({ where: { roomId: room.id, type: "finding.fix_started" } })).toBe(1);
    // Asked again, also at once: the same room, no second one.
    const again = await Promise.all([fixFindingWithAgent(prisma, dana, ref, {}), fixFindingWithAgent(prisma, sam, ref, {})]);
    expect(again.map((a) => [a.room.id, a.created])).toEqual([[row.id, false], [row.id, false]]);
    expect(await prisma.room.count({ where: { workspaceId: workspace.id, mode: "chat" } })).toBe(1);
    // M1: the review room's mode was never touched.
    expect((await prisma.room.findUniqueOrThrow({ where: { id: room.id } })).mode).toBe("review");
  });

  it("M1: Fix with an agent, two people asking for a finding with no fix room yet end with one room, the other removed", async () => {
    const db = await testDatabase();
    const { prisma } = db;
    const { workspace, dana, sam } = await team(prisma);
    await createAgent(prisma, workspace.id, { scenarios: [] }, { name: "Builder" });
    const { pull } = await reviewedPull(prisma, workspace, dana);
    expect((await drainJobs(db)).errors).toEqual([]);
    const finding = await prisma.finding.findFirstOrThrow({ where: { pullRequestId: pull.id, title: { contains: "TODO" } } });
    const ref = { pullRequestId: pull.id, findingId: finding.id };
    const both = await Promise.all([fixFindingWithAgent(prisma, dana, ref, {}), fixFindingWithAgent(prisma, sam, ref, {})]);
    expect(new Set(both.map((b) => b.room.id)).size).toBe(1);
    expect(both.filter((b) => b.created)).toHaveLength(1);
    expect(await prisma.room.count({ where: { workspaceId: workspace.id, mode: "chat" } })).toBe(1);
  });
});

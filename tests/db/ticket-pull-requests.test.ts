/**
 * O7, S2, S3, P3 on PostgreSQL with real git, the real sandbox and the
 * scripted model: a goal becomes a proposal through the real tool; approval
 * starts tickets that each work on their own branch and worktree in parallel;
 * a ticket with changes ends in a pull request reviewed by the built-in
 * reviewer with the ticket's scope in view; a ship verdict finishes it, a hold
 * keeps it in review until a person overrides with a reason; a ticket with no
 * changes finishes without one; synthesis runs last and posts in the room the
 * goal came from. A worker killed between opening a pull request and recording
 * it resumes without a second one, and an approved plan runs on the same machinery.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../lib/db/client";
import type { PrismaClient } from "../../lib/db/generated/client";
import type { AppError } from "../../lib/errors/app-error";
import { approveProposal } from "../../lib/orchestration/approve-proposal";
import { decidePlan } from "../../lib/orchestration/decide-plan";
import { listOrchestrations } from "../../lib/orchestration/list-orchestrations";
import { overrideTicket } from "../../lib/orchestration/override-ticket";
import { overrideTicketBody } from "../../lib/orchestration/request-schemas";
import { ticketReviewContext } from "../../lib/orchestration/ticket-review-context";
import { tickOrchestration } from "../../lib/orchestration/tick-orchestration";
import { gitSync } from "../../lib/repos/git.test-support";
import { createRoom } from "../../lib/rooms/create-room";
import { postMessage } from "../../lib/runs/post-message";
import { testDatabase } from "../support/db";
import { createAgent, createUser, createWorkspace } from "../support/factories";
import { inProcessWorker, plannerScript, waitFor } from "../support/plan-fixtures";
import { makeRepo, useDataDir } from "../support/reviews";
import { changeFindingStatus } from "../../lib/reviews/change-finding-status";
import { watchVerdicts } from "../../lib/runtime/watch-verdicts";

let data: Awaited<ReturnType<typeof useDataDir>>;
beforeAll(async () => {
  data = await useDataDir();
});
afterAll(() => data.cleanup());

const PROPOSAL = {
  roles: [
    { name: "backend", description: "Works in src/api." },
    { name: "frontend", description: "Works in src/ui." },
    { name: "writer", description: "Keeps the docs true." },
  ],
  tickets: [
    { key: "api", title: "Add a rate limit", description: "Limit requests per minute.", role: "backend", acceptance: ["LIMIT is exported from src/api/limits.ts"], scope: ["src/api/"] },
    { key: "ui", title: "Show the limit", description: "A banner names the limit.", role: "frontend", acceptance: ["A banner shows the limit"], scope: ["src/ui/"] },
    { key: "docs", title: "Document the limit", description: "Only if the README lacks it.", role: "writer", scope: ["README.md"] },
  ],
  synthesis: { title: "Rate limits end to end", description: "Sum up what changed." },
  budget: { maxRuns: 20, maxMinutes: 30 },
};

const SYNTHESIS_TEXT = "Synthesis: the limit is in src/api, the banner in src/ui, and the README already said it.";

/** The proposer and every agent hired from it play this script (hire-agents copies it). */
const SCRIPT = {
  chunkDelayMs: 20,
  scenarios: [
    {
      when: "^Ticket api:",
      steps: [
        { toolCalls: [{ name: "write_file", args: { path: "src/api/limits.ts", content: "export const LIMIT = 100;\n" } }] },
        { toolCalls: [{ name: "git_commit", args: { message: "Add the rate limit" } }] },
        { text: "Added LIMIT in src/api/limits.ts." },
      ],
    },
    {
      when: "^Ticket ui:",
      steps: [
        {
          toolCalls: [
            { name: "write_file", args: { path: "src/ui/banner.ts", content: 'export const banner = "100 per minute";\n' } },
            { name: "write_file", args: { path: "docs/ui.md", content: "# The banner\n" } },
          ],
        },
        { text: "Added the banner, and a note in docs." },
      ],
    },
    { when: "^Ticket docs:", steps: [{ toolCalls: [{ name: "read_file", args: { path: "README.md" } }] }, { text: "The README already names the limit; nothing to change." }] },
    { when: "^Ticket synthesis:", steps: [{ text: SYNTHESIS_TEXT }] },
    { steps: [{ toolCalls: [{ name: "propose_orchestration", args: PROPOSAL }] }, { text: "Proposed a team of three." }] },
  ],
};

async function setup(db: Database, script: unknown = SCRIPT, mode: "orchestrate" | "plan" = "orchestrate") {
  const { prisma } = db;
  // Display names as people see them; the factory's unique names keep emails apart.
  const dana = await prisma.user.update({ where: { id: (await createUser(prisma)).id }, data: { name: "Dana" } });
  const sam = await prisma.user.update({ where: { id: (await createUser(prisma)).id }, data: { name: "Sam" } });
  const workspace = await createWorkspace(prisma, [
    { userId: dana.id, role: "owner" },
    { userId: sam.id, role: "member" },
  ]);
  const repoPath = await makeRepo(data.root, `repo-${workspace.slug}`, { "README.md": "# Service\n\nRequests are limited to 100 per minute.\n", "src/api/index.ts": "export {};\n", "src/ui/index.ts": "export {};\n" });
  const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: `service-${workspace.slug}`, path: repoPath } });
  const proposer = await createAgent(prisma, workspace.id, script, { name: "lead" });
  const room = await createRoom(prisma, { workspaceId: workspace.id, userId: dana.id }, { name: "Rate limits", mode, autonomy: "auto", repositoryId: repository.id, agentId: proposer.id });
  return { prisma, dana, sam, workspace, repository, repoPath, proposer, room, scope: { workspaceId: workspace.id, roomId: room.id } };
}

/** The goal goes to the orchestrate room; the agent's run proposes through the real tool. */
async function propose(db: Database, ctx: Awaited<ReturnType<typeof setup>>): Promise<string> {
  const { prisma } = db;
  await postMessage(prisma, { ...ctx.scope, userId: ctx.dana.id, content: "Goal: rate limits, shown in the UI and documented." });
  const worker = await inProcessWorker(db);
  try {
    const proposal = await waitFor("the proposal", () => prisma.orchestrationProposal.findFirst({ where: { roomId: ctx.room.id, status: "pending" } }));
    return proposal.id;
  } finally {
    await worker.stop();
  }
}

async function ticketsOf(prisma: PrismaClient, orchestrationId: string) {
  const rows = await prisma.ticket.findMany({ where: { orchestrationId }, include: { run: true } });
  return new Map(rows.map((t) => [t.key, t]));
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: unknown) => e as AppError,
  );

describe("a pull request per ticket", () => {
  it("O7, S2, S3: goal → proposal → approve → tickets on their own branches in parallel → pull requests → verdicts → ship, hold until overridden with a reason, no changes → synthesis posts in the originating room", async () => {
    const db = await testDatabase();
    const ctx = await setup(db);
    const { prisma } = db;
    const proposalId = await propose(db, ctx);
    const approved = await approveProposal(prisma, { ...ctx.scope, proposalId, userId: ctx.dana.id });
    const project = await prisma.project.findUniqueOrThrow({ where: { id: approved.projectId } });
    expect(project).toMatchObject({ repositoryId: ctx.repository.id, baseBranch: "main" });

    // S2: the first tick starts two tickets at once (parallelism 2), each in a worktree and branch of its own.
    const tick = await tickOrchestration(prisma, approved.orchestrationId);
    expect(tick?.started).toEqual(["api", "ui"]);
    let tickets = await ticketsOf(prisma, approved.orchestrationId);
    const rooms = await Promise.all(["api", "ui"].map((key) => prisma.room.findUniqueOrThrow({ where: { id: tickets.get(key)!.stepRoomId! } })));
    const origin = await prisma.room.findUniqueOrThrow({ where: { id: ctx.room.id } });
    const [apiRoom, uiRoom] = rooms as [(typeof rooms)[0], (typeof rooms)[0]];
    expect(new Set([apiRoom.worktreePath, uiRoom.worktreePath, origin.worktreePath]).size).toBe(3);
    expect(new Set([apiRoom.branch, uiRoom.branch, origin.branch]).size).toBe(3);
    expect(apiRoom.branch).toMatch(/^gatehouse\/rate-limits-end-to-end-[a-z0-9]{6}\/api$/);
    expect(uiRoom.branch).toMatch(/^gatehouse\/rate-limits-end-to-end-[a-z0-9]{6}\/ui$/);
    for (const room of [apiRoom, uiRoom]) {
      expect(existsSync(room.worktreePath!)).toBe(true);
      expect(gitSync(room.worktreePath!, ["symbolic-ref", "--short", "HEAD"]).trim()).toBe(room.branch);
    }
    expect(tickets.get("api")!.baseSha).toBe(gitSync(ctx.repoPath, ["rev-parse", "main"]).trim());
    expect(tickets.get("api")!.run!.roomId).toBe(apiRoom.id);

    const worker = await inProcessWorker(db);
    try {
      // api: in scope, ship → done. ui: a file outside its scope → hold, and the pipeline waits in review.
      const ui = await waitFor("ui's verdict", async () => {
        const t = await prisma.ticket.findFirst({ where: { orchestrationId: approved.orchestrationId, key: "ui", pullRequestId: { not: null } } });
        const review = t ? await prisma.review.findFirst({ where: { pullRequestId: t.pullRequestId! } }) : null;
        return review ? t : null;
      }, 120_000);
      await waitFor("api and docs to finish", async () => (await prisma.ticket.count({ where: { orchestrationId: approved.orchestrationId, key: { in: ["api", "docs"] }, status: "succeeded" } })) === 2, 120_000);
      tickets = await ticketsOf(prisma, approved.orchestrationId);

      const apiPull = await prisma.pullRequest.findUniqueOrThrow({ where: { id: tickets.get("api")!.pullRequestId! }, include: { reviews: true, room: true } });
      expect(apiPull).toMatchObject({ baseRef: "main", headRef: apiRoom.branch, state: "open", authorId: ctx.dana.id });
      expect(apiPull.room!.mode).toBe("review");
      expect(apiPull.reviews.map((r) => r.verdict)).toEqual(["ship"]);
      expect(tickets.get("api")).toMatchObject({ status: "succeeded", resolution: "ship" });
      // The agent committed itself; the pull request holds exactly its file.
      expect(gitSync(ctx.repoPath, ["rev-parse", "main"]).trim()).toBe(apiPull.baseSha);

      const uiPull = await prisma.pullRequest.findUniqueOrThrow({ where: { id: ui.pullRequestId! }, include: { reviews: true, findings: true } });
      expect(uiPull.headRef).toBe(uiRoom.branch);
      // The run left its files uncommitted: the platform committed them on the ticket's branch.
      expect(gitSync(uiRoom.worktreePath!, ["status", "--porcelain"]).trim()).toBe("");
      expect(uiPull.findings.map((f) => f.title)).toContain("Outside ticket ui's scope: docs/ui.md");
      expect(uiPull.findings.map((f) => f.title)).not.toContain("Outside ticket ui's scope: src/ui/banner.ts");
      expect(uiPull.reviews.map((r) => r.verdict)).toEqual(["hold"]);
      // The review agent's context carries the ticket's acceptance criteria and scope.
      const context = await ticketReviewContext(prisma, (await prisma.room.findFirstOrThrow({ where: { pullRequestId: uiPull.id } })).id);
      expect(context).toContain("- A banner shows the limit");
      expect(context).toContain("[gatehouse:ticket-scope]");

      expect(tickets.get("docs")).toMatchObject({ status: "succeeded", resolution: "no_changes", pullRequestId: null });
      expect(tickets.get("docs")!.result).toMatch(/^No changes\./);
      expect(await prisma.pullRequest.count({ where: { repositoryId: ctx.repository.id } })).toBe(2);

      // A hold leaves the ticket in review and the synthesis waiting.
      await new Promise((r) => setTimeout(r, 500));
      tickets = await ticketsOf(prisma, approved.orchestrationId);
      expect(tickets.get("ui")!.status).toBe("in_review");
      // The hold is recorded in the pipeline's room, where people watch the pipeline.
      expect(tickets.get("ui")!.verdict).toBe("hold");
      expect(await prisma.runEvent.count({ where: { roomId: ctx.room.id, type: "ticket.verdict", data: { path: ["key"], equals: "ui" } } })).toBe(1);
      expect(tickets.get("synthesis")!.status).toBe("pending");
      expect((await prisma.orchestration.findUniqueOrThrow({ where: { id: approved.orchestrationId } })).status).toBe("running");

      // Override: a reason is required; then the ticket is done, recorded with the person's name.
      expect(overrideTicketBody.safeParse({ reason: " " }).success).toBe(false);
      const octx = { ...ctx.scope, orchestrationId: approved.orchestrationId, userId: ctx.sam.id };
      expect(await refusal(overrideTicket(prisma, { ...octx, key: "api", reason: "Already done." }))).toMatchObject({ code: "conflict" });
      const overridden = await overrideTicket(prisma, { ...octx, key: "ui", reason: "The docs note belongs with the banner; accepted." });
      expect(overridden).toMatchObject({ resolution: "override", overriddenBy: "Sam" });
      expect(await refusal(overrideTicket(prisma, { ...octx, key: "ui", reason: "Again." }))).toMatchObject({ code: "conflict" });
      expect(await prisma.ticket.findFirstOrThrow({ where: { orchestrationId: approved.orchestrationId, key: "ui" } })).toMatchObject({
        status: "succeeded",
        resolution: "override",
        overriddenById: ctx.sam.id,
        overriddenBy: "Sam",
        overrideReason: "The docs note belongs with the banner; accepted.",
      });
      expect(await prisma.auditEvent.count({ where: { action: "ticket.overridden", actorId: ctx.sam.id } })).toBe(1);

      await waitFor("the pipeline to finish", async () => (await prisma.orchestration.findUniqueOrThrow({ where: { id: approved.orchestrationId } })).status === "succeeded", 120_000);
    } finally {
      await worker.stop();
    }
    tickets = await ticketsOf(prisma, approved.orchestrationId);
    const synthesis = tickets.get("synthesis")!;
    // Synthesis ran after every ticket was done, in the originating room (S3: joined, so its mode is untouched).
    const lastDone = Math.max(...["api", "ui", "docs"].map((k) => tickets.get(k)!.updatedAt.getTime()));
    expect(synthesis.run!.startedAt!.getTime()).toBeGreaterThanOrEqual(lastDone);
    expect(synthesis.run!.roomId).toBe(ctx.room.id);
    expect(synthesis.branch).toBeNull();
    const said = await prisma.message.findFirst({ where: { conversation: { roomId: ctx.room.id }, role: "assistant", content: { contains: SYNTHESIS_TEXT } } });
    expect(said).not.toBeNull();
    expect((await prisma.room.findUniqueOrThrow({ where: { id: ctx.room.id } })).mode).toBe(origin.mode);
    // One run per ticket: nothing ran twice.
    expect(await prisma.run.count({ where: { ticket: { orchestrationId: approved.orchestrationId } } })).toBe(4);
  }, 300_000);

  it("O7, S2: a worker killed after opening a ticket's pull request and before recording it resumes without a second pull request or a second run", async () => {
    const db = await testDatabase();
    const ctx = await setup(db);
    const { prisma } = db;
    const proposalId = await propose(db, ctx);
    const approved = await approveProposal(prisma, { ...ctx.scope, proposalId, userId: ctx.dana.id });
    let worker = await inProcessWorker(db);
    let first: string;
    try {
      first = (await waitFor("api's pull request", () => prisma.ticket.findFirst({ where: { orchestrationId: approved.orchestrationId, key: "api", pullRequestId: { not: null } } }), 120_000)).pullRequestId!;
    } finally {
      await worker.stop();
    }
    // What the killed worker left: the pull request exists, the ticket does not name it, its delivery job is leased to nobody alive.
    const api = await prisma.ticket.findFirstOrThrow({ where: { orchestrationId: approved.orchestrationId, key: "api" } });
    await prisma.ticket.update({ where: { id: api.id }, data: { pullRequestId: null, status: "in_review", resolution: null } });
    await prisma.job.create({
      data: { kind: "ticket.deliver", payload: { ticketId: api.id }, status: "running", lockedBy: "dead-worker", lockedUntil: new Date(Date.now() - 60_000), attempts: 1 },
    });

    worker = await inProcessWorker(db);
    try {
      const again = await waitFor("api recorded again", () => prisma.ticket.findFirst({ where: { id: api.id, pullRequestId: { not: null } } }), 120_000);
      expect(again.pullRequestId).toBe(first);
      await waitFor("api done", async () => (await prisma.ticket.findUniqueOrThrow({ where: { id: api.id } })).status === "succeeded", 120_000);
    } finally {
      await worker.stop();
    }
    expect(await prisma.pullRequest.count({ where: { repositoryId: ctx.repository.id, headRef: api.branch! } })).toBe(1);
    expect(await prisma.run.count({ where: { ticketId: api.id } })).toBe(1);
    expect(await prisma.room.count({ where: { pullRequestId: first } })).toBe(1);
  }, 300_000);

  it("O7: a person dismissing the finding that held a ticket's pull request re-forms the verdict to ship, and the ticket finishes without an override", async () => {
    const db = await testDatabase();
    const ctx = await setup(db);
    const { prisma } = db;
    const proposalId = await propose(db, ctx);
    const approved = await approveProposal(prisma, { ...ctx.scope, proposalId, userId: ctx.dana.id });
    const worker = await inProcessWorker(db);
    // What the app's worker runs beside the queue: verdicts re-formed by people's actions wake waiting tickets.
    const stopWatching = await watchVerdicts(db);
    try {
      const ui = await waitFor("ui held in review", async () => {
        const t = await prisma.ticket.findFirst({ where: { orchestrationId: approved.orchestrationId, key: "ui", status: "in_review", pullRequestId: { not: null } } });
        return t && (await prisma.review.count({ where: { pullRequestId: t.pullRequestId!, verdict: "hold" } })) > 0 ? t : null;
      }, 120_000);
      // Everything else settled first, so the tick asked for after the dismissal can only be the watcher's.
      await waitFor("api and docs done", async () => (await prisma.ticket.count({ where: { orchestrationId: approved.orchestrationId, key: { in: ["api", "docs"] }, status: "succeeded" } })) === 2, 120_000);
      await waitFor("nothing due", async () => (await prisma.job.count({ where: { status: { in: ["queued", "running"] }, runAt: { lte: new Date() } } })) === 0, 60_000);
      const finding = await prisma.finding.findFirstOrThrow({ where: { pullRequestId: ui.pullRequestId!, title: "Outside ticket ui's scope: docs/ui.md" } });
      const dana = { workspaceId: ctx.workspace.id, userId: ctx.dana.id, role: "owner" as const };
      const dismissedAt = new Date();
      const { verdict } = await changeFindingStatus(prisma, dana, { pullRequestId: ui.pullRequestId!, findingId: finding.id }, { action: "dismiss", reason: "The docs note is part of the banner work." });
      expect(verdict?.verdict).toBe("ship");
      const done = await waitFor("ui done on ship", () => prisma.ticket.findFirst({ where: { id: ui.id, status: "succeeded" } }), 60_000);
      expect(done).toMatchObject({ resolution: "ship", overriddenById: null });
      // The watcher heard the re-formed verdict and asked for an immediate tick (not only the pipeline's own recheck).
      expect(await prisma.job.count({ where: { key: `orchestration:${approved.orchestrationId}`, createdAt: { gte: dismissedAt } } })).toBeGreaterThan(0);
      await waitFor("the pipeline to finish", async () => (await prisma.orchestration.findUniqueOrThrow({ where: { id: approved.orchestrationId } })).status === "succeeded", 120_000);
    } finally {
      await stopWatching();
      await worker.stop();
    }
  }, 300_000);

  it("O7, S2: a verdict that changed with no wake-up at all (a lost notice, a crash between commit and wake) still finishes the ticket: a pipeline in review re-reads its verdicts on its own", async () => {
    const db = await testDatabase();
    const ctx = await setup(db);
    const { prisma } = db;
    const proposalId = await propose(db, ctx);
    const approved = await approveProposal(prisma, { ...ctx.scope, proposalId, userId: ctx.dana.id });
    const worker = await inProcessWorker(db);
    try {
      const ui = await waitFor("ui held in review", async () => {
        const t = await prisma.ticket.findFirst({ where: { orchestrationId: approved.orchestrationId, key: "ui", status: "in_review", pullRequestId: { not: null } } });
        return t && (await prisma.review.count({ where: { pullRequestId: t.pullRequestId!, verdict: "hold" } })) > 0 ? t : null;
      }, 120_000);
      // Let everything else settle (the other tickets done, no job due), then change the verdict behind every wake-up's back.
      await waitFor("api and docs done", async () => (await prisma.ticket.count({ where: { orchestrationId: approved.orchestrationId, key: { in: ["api", "docs"] }, status: "succeeded" } })) === 2, 120_000);
      await waitFor("nothing due", async () => (await prisma.job.count({ where: { status: { in: ["queued", "running"] }, runAt: { lte: new Date() } } })) === 0, 60_000);
      const hold = await prisma.review.findFirstOrThrow({ where: { pullRequestId: ui.pullRequestId!, verdict: "hold" }, orderBy: { createdAt: "desc" } });
      await prisma.review.update({ where: { id: hold.id }, data: { verdict: "ship" } });
      const done = await waitFor("ui done on ship without a wake-up", () => prisma.ticket.findFirst({ where: { id: ui.id, status: "succeeded" } }), 60_000);
      expect(done).toMatchObject({ resolution: "ship", overriddenById: null });
    } finally {
      await worker.stop();
    }
  }, 300_000);

  it("P3, O7: an approved plan compiles to the same project and pipeline: a project for its tickets, each code ticket on its own branch, one view for plans and proposals", async () => {
    const db = await testDatabase();
    const ctx = await setup(db, plannerScript(), "plan");
    const { prisma } = db;
    await postMessage(prisma, { ...ctx.scope, userId: ctx.dana.id, content: "Plan the change." });
    let worker = await inProcessWorker(db);
    let plan;
    try {
      plan = await waitFor("the plan", () => prisma.plan.findFirst({ where: { roomId: ctx.room.id, status: "submitted" } }));
    } finally {
      await worker.stop();
    }
    const decided = await decidePlan(prisma, { ...ctx.scope, planId: plan.id, userId: ctx.dana.id, decision: "approve" });
    const orchestration = await prisma.orchestration.findUniqueOrThrow({ where: { id: decided.orchestrationId! }, include: { project: true } });
    expect(orchestration.project).toMatchObject({ workspaceId: ctx.workspace.id, name: plan.goal, repositoryId: ctx.repository.id, baseBranch: "main" });
    expect(await prisma.ticket.count({ where: { orchestrationId: orchestration.id, projectId: orchestration.projectId } })).toBe(4);

    worker = await inProcessWorker(db);
    try {
      await waitFor("the plan's pipeline to finish", async () => (await prisma.orchestration.findUniqueOrThrow({ where: { id: orchestration.id } })).status === "succeeded", 120_000).catch(async (e) => {
        // What each step was doing when the pipeline stopped moving, to say which one stuck.
        const rows = await prisma.ticket.findMany({ where: { orchestrationId: orchestration.id }, include: { run: { select: { id: true, status: true, error: true } } } });
        console.log(JSON.stringify(rows.map((t) => [t.key, t.status, t.resolution, t.error, t.stepRoomId, t.run])));
        console.log(JSON.stringify((await prisma.job.findMany({ orderBy: { id: "desc" }, take: 30 })).map((j) => [j.kind, j.status, j.payload, j.lastError, j.attempts])));
        console.log(JSON.stringify(await prisma.orchestration.findUniqueOrThrow({ where: { id: orchestration.id } })));
        throw e;
      });
    } finally {
      await worker.stop();
    }
    const tickets = await prisma.ticket.findMany({ where: { orchestrationId: orchestration.id }, include: { run: true } });
    // The planner's ticket runs only list files: each ran on a branch of its own and completed with "no changes".
    expect(new Set(tickets.map((t) => t.branch)).size).toBe(4);
    expect(tickets.every((t) => t.branch?.startsWith("gatehouse/") && t.resolution === "no_changes" && t.pullRequestId === null)).toBe(true);
    expect(new Set(tickets.map((t) => t.stepRoomId)).size).toBe(4);
    const [view] = await listOrchestrations(prisma, ctx.scope);
    expect(view).toMatchObject({ id: orchestration.id, status: "succeeded", plan: { id: plan.id } });
    expect(view!.project?.id).toBe(orchestration.projectId);
    expect(path.basename(tickets[0]!.branch!)).toMatch(/^[a-d]$/);
  }, 300_000);
});

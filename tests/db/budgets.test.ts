/**
 * O6: a project enforces its budget against real PostgreSQL with the scripted
 * model — runs record tokens and wall time, reaching a limit pauses the
 * pipeline before the next model call (or the next run) and raises one inbox
 * item, and a person's raise resumes it to the end.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunCheckpoint } from "../../lib/harness/types";
import { approveProposal } from "../../lib/orchestration/approve-proposal";
import { raiseBudget } from "../../lib/orchestration/raise-budget";
import { recordProposal } from "../../lib/orchestration/record-proposal";
import { usageReport } from "../../lib/orchestration/usage-report";
import { decideApproval } from "../../lib/approvals/decide-approval";
import { makeFixture, type Fixture } from "../../lib/repos/git.test-support";
import { testDatabase } from "../support/db";
import { createAgent, createRoom, createUser, createWorkspace } from "../support/factories";
import { inProcessWorker, plannerScript, waitFor } from "../support/plan-fixtures";

const PROPOSAL = {
  roles: [{ name: "builder", description: "Builds." }],
  tickets: [
    { key: "one", title: "First", description: "Do one.", role: "builder" },
    { key: "two", title: "Second", description: "Do two.", role: "builder" },
  ],
  synthesis: { title: "Budgeted work", description: "Sum up." },
  budget: { maxRuns: 10, maxMinutes: 30 },
};

let fx: Fixture;
beforeAll(async () => {
  fx = await makeFixture();
});
afterAll(() => fx.cleanup());

async function approved() {
  const db = await testDatabase();
  const { prisma } = db;
  const owner = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
  const proposer = await createAgent(prisma, workspace.id, plannerScript());
  const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: proposer.id, mode: "orchestrate", worktreePath: fx.worktree });
  const scope = { workspaceId: workspace.id, roomId: room.id };
  const { proposalId } = await recordProposal(prisma, { ...scope, runId: null, conversationId: room.conversationId }, PROPOSAL);
  const result = await approveProposal(prisma, { ...scope, proposalId, userId: owner.id });
  return { db, prisma, owner, workspace, room, ...result };
}

describe("budgets", () => {
  it("O6: reaching the token limit holds every run before its next model call, pauses the pipeline with one inbox item, and a raise resumes it to the end", async () => {
    const { db, prisma, owner, workspace, room, projectId, orchestrationId } = await approved();
    await prisma.project.update({ where: { id: projectId }, data: { maxTokens: 1 } });
    const worker = await inProcessWorker(db);
    try {
      await waitFor("both runs to be held", async () => (await prisma.run.count({ where: { projectId, status: "waiting" } })) === 2);
      const paused = await prisma.orchestration.findUniqueOrThrow({ where: { id: orchestrationId } });
      expect(paused.status).toBe("paused");
      expect(paused.pausedReason).toMatch(/^Budget reached: \d+ of the budget's 1 tokens are used/);
      const runs = await prisma.run.findMany({ where: { projectId } });
      // The ticket script has two turns; no run got past its first, and a run held
      // before its first call spent nothing.
      const turns = runs.map((run) => (run.state as unknown as RunCheckpoint).step);
      expect(Math.max(...turns)).toBe(1);
      for (const run of runs) {
        const step = (run.state as unknown as RunCheckpoint).step;
        expect(run.inputTokens > 0 && run.outputTokens > 0).toBe(step === 1);
      }
      const items = await prisma.approval.findMany({ where: { roomId: room.id, kind: "budget" } });
      expect(items).toHaveLength(1);
      expect(items[0]!.status).toBe("pending");
      // The generic inbox decision does not settle a budget: raising does.
      await expect(decideApproval(prisma, { workspaceId: workspace.id, approvalId: items[0]!.id, userId: owner.id, decision: "approve" })).rejects.toMatchObject({ code: "unprocessable" });
      await expect(raiseBudget(prisma, { workspaceId: workspace.id, projectId, userId: owner.id, maxTokens: 2 })).rejects.toMatchObject({ code: "unprocessable" });

      const raised = await raiseBudget(prisma, { workspaceId: workspace.id, projectId, userId: owner.id, maxTokens: 1_000_000 });
      expect(raised.resumed).toBe(true);
      await waitFor("the pipeline to finish", async () => (await prisma.orchestration.findUniqueOrThrow({ where: { id: orchestrationId } })).status === "succeeded", 90_000);
      expect((await prisma.approval.findUniqueOrThrow({ where: { id: items[0]!.id } })).status).toBe("approved");
    } finally {
      await worker.stop();
    }
    const report = await usageReport(prisma, { workspaceId: workspace.id, projectId });
    expect(report.runs).toHaveLength(3);
    expect(report.tickets.map((t) => [t.key, t.status, t.runs])).toEqual([
      ["one", "succeeded", 1],
      ["two", "succeeded", 1],
      ["synthesis", "succeeded", 1],
    ]);
    const sum = report.runs.reduce((n, r) => n + r.inputTokens + r.outputTokens, 0);
    expect(report.usage.tokens).toBe(sum);
    expect(report.tickets.reduce((n, t) => n + t.tokens, 0)).toBe(sum);
    expect(report.runs.every((r) => r.seconds > 0)).toBe(true);
  });

  it("O6: reaching the runs limit starts no further run; the pipeline pauses until the limit is raised", async () => {
    const { db, prisma, owner, workspace, projectId, orchestrationId, room } = await approved();
    await prisma.project.update({ where: { id: projectId }, data: { maxRuns: 1 } });
    const worker = await inProcessWorker(db);
    try {
      const paused = await waitFor("the pause", async () => {
        const row = await prisma.orchestration.findUniqueOrThrow({ where: { id: orchestrationId } });
        return row.status === "paused" ? row : null;
      });
      expect(paused.pausedReason).toContain("the budget's 1 runs are used");
      await waitFor("the one run to finish", async () => (await prisma.run.count({ where: { projectId, status: "succeeded" } })) === 1);
      expect(await prisma.run.count({ where: { projectId } })).toBe(1);
      expect(await prisma.approval.count({ where: { roomId: room.id, kind: "budget", status: "pending" } })).toBe(1);
      await raiseBudget(prisma, { workspaceId: workspace.id, projectId, userId: owner.id, maxRuns: 3 });
      await waitFor("the pipeline to finish", async () => (await prisma.orchestration.findUniqueOrThrow({ where: { id: orchestrationId } })).status === "succeeded", 90_000);
    } finally {
      await worker.stop();
    }
    expect(await prisma.run.count({ where: { projectId } })).toBe(3);
  });
});

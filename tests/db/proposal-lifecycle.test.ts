/**
 * O3, O4, O8: the proposal lifecycle against real PostgreSQL — the cooldown
 * under concurrency through the real tool in the harness, supersession,
 * rejection with a comment the agent reads on its next turn, and approval
 * reserved for people.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../lib/db/client";
import type { AppError } from "../../lib/errors/app-error";
import type { RunCheckpoint } from "../../lib/harness/types";
import { approveProposal } from "../../lib/orchestration/approve-proposal";
import { rejectProposal } from "../../lib/orchestration/reject-proposal";
import { recordProposal } from "../../lib/orchestration/record-proposal";
import { makeFixture, type Fixture } from "../../lib/repos/git.test-support";
import { advanceStoredRun } from "../../lib/runtime/advance-stored-run";
import { postMessage } from "../../lib/runs/post-message";
import { TOOLS } from "../../lib/tools/registry";
import { testDatabase } from "../support/db";
import { createAgent, createRoom, createRun, createUser, createWorkspace } from "../support/factories";

const PROPOSAL = {
  roles: [
    { name: "implementer", description: "Changes src/." },
    { name: "tester", description: "Adds tests." },
  ],
  tickets: [
    { key: "impl", title: "Implement", description: "Do it.", role: "implementer" },
    { key: "tests", title: "Test", description: "Cover it.", role: "tester" },
  ],
  synthesis: { title: "Combine", description: "Sum up." },
  budget: { maxRuns: 10, maxMinutes: 30 },
};

let fx: Fixture;
beforeAll(async () => {
  fx = await makeFixture();
});
afterAll(() => fx.cleanup());

async function setup(db: Database) {
  const { prisma } = db;
  const owner = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
  const script = { scenarios: [{ steps: [{ toolCalls: [{ name: "propose_orchestration", args: PROPOSAL }] }, { text: "Proposed." }] }] };
  const agent = await createAgent(prisma, workspace.id, script);
  const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, mode: "orchestrate", worktreePath: fx.worktree });
  return { prisma, owner, workspace, agent, room, scope: { workspaceId: workspace.id, roomId: room.id } };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: unknown) => e as AppError,
  );

describe("proposal lifecycle", () => {
  it("O4: 20 simultaneous propose_orchestration calls from scripted runs record exactly one proposal; the rest are told to batch", async () => {
    const db = await testDatabase();
    const { prisma, agent, room } = await setup(db);
    const runs = await Promise.all(Array.from({ length: 20 }, (_, i) => createRun(prisma, { ...room, agentId: agent.id }, `plan the team ${i}`)));
    const results = await Promise.all(runs.map((run, i) => advanceStoredRun(db, run.id, { owner: `worker-${i}` })));
    expect(results.every((r) => r?.status === "succeeded")).toBe(true);

    expect(await prisma.orchestrationProposal.count({ where: { roomId: room.id } })).toBe(1);
    const calls = await prisma.toolCall.findMany({ where: { runId: { in: runs.map((r) => r.id) }, tool: "propose_orchestration" } });
    expect(calls).toHaveLength(20);
    const outputs = calls.map((c) => JSON.stringify(c.result));
    expect(outputs.filter((o) => o.includes("Proposal recorded"))).toHaveLength(1);
    expect(outputs.filter((o) => o.includes("Batch your changes"))).toHaveLength(19);
  });

  it("O8: a newer proposal from the same room supersedes the pending one, which can no longer be approved", async () => {
    const { prisma, owner, room, scope } = await setup(await testDatabase());
    const first = await recordProposal(prisma, { ...scope, runId: null, conversationId: room.conversationId }, PROPOSAL);
    const second = await recordProposal(prisma, { ...scope, runId: null, conversationId: room.conversationId }, PROPOSAL);
    expect(second.superseded).toEqual([first.proposalId]);
    expect((await prisma.orchestrationProposal.findUniqueOrThrow({ where: { id: first.proposalId } })).status).toBe("superseded");

    const refused = await refusal(approveProposal(prisma, { ...scope, proposalId: first.proposalId, userId: owner.id }));
    expect(refused).toMatchObject({ code: "conflict" });
    expect(refused.message).toContain("superseded by a newer proposal");
    expect(await prisma.orchestration.count({ where: { roomId: room.id } })).toBe(0);
    await approveProposal(prisma, { ...scope, proposalId: second.proposalId, userId: owner.id });
    expect(await prisma.orchestration.count({ where: { roomId: room.id } })).toBe(1);
  });

  it("O8, O4: a person rejects with a comment the agent reads on its next turn; the revision is not held by the cooldown; a rejected proposal cannot be approved", async () => {
    const db = await testDatabase();
    const { prisma, owner, agent, room, scope } = await setup(db);
    const run = await createRun(prisma, { ...room, agentId: agent.id }, "plan the team");
    await advanceStoredRun(db, run.id, { owner: "w" });
    const proposal = await prisma.orchestrationProposal.findFirstOrThrow({ where: { roomId: room.id } });

    await rejectProposal(prisma, { ...scope, proposalId: proposal.id, userId: owner.id, comment: "Add a docs role" });
    const stored = await prisma.orchestrationProposal.findUniqueOrThrow({ where: { id: proposal.id } });
    expect(stored).toMatchObject({ status: "rejected", comment: "Add a docs role", decidedById: owner.id });
    expect(await refusal(approveProposal(prisma, { ...scope, proposalId: proposal.id, userId: owner.id }))).toMatchObject({ code: "conflict" });

    const { run: next } = await postMessage(prisma, { ...scope, userId: owner.id, content: "Please revise." });
    const transcript = JSON.stringify((next!.state as unknown as RunCheckpoint).messages);
    expect(transcript).toContain("I rejected the orchestration proposal. Add a docs role.");
    const revised = await advanceStoredRun(db, next!.id, { owner: "w" });
    expect(revised).toMatchObject({ status: "succeeded" });
    const rows = await prisma.orchestrationProposal.findMany({ where: { roomId: room.id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => r.status)).toEqual(["rejected", "pending"]);
  });

  it("O8: rejecting with a comment starts the room's agent on it at once: the queued run reads the comment and proposes again", async () => {
    const db = await testDatabase();
    const { prisma, owner, agent, room, scope } = await setup(db);
    const run = await createRun(prisma, { ...room, agentId: agent.id }, "plan the team");
    await advanceStoredRun(db, run.id, { owner: "w" });
    const proposal = await prisma.orchestrationProposal.findFirstOrThrow({ where: { roomId: room.id } });
    const runsBefore = await prisma.run.count({ where: { roomId: room.id } });

    const rejected = await rejectProposal(prisma, { ...scope, proposalId: proposal.id, userId: owner.id, comment: "Add a docs role" });
    expect(rejected.runId).toBeTruthy();
    expect(await prisma.run.count({ where: { roomId: room.id } })).toBe(runsBefore + 1);
    const queued = await prisma.run.findUniqueOrThrow({ where: { id: rejected.runId! } });
    expect(queued).toMatchObject({ status: "queued", agentId: agent.id, roomId: room.id });
    expect(await prisma.job.count({ where: { payload: { path: ["runId"], equals: queued.id } } })).toBe(1);
    expect(JSON.stringify((queued.state as unknown as RunCheckpoint).messages)).toContain("I rejected the orchestration proposal. Add a docs role.");

    expect(await advanceStoredRun(db, queued.id, { owner: "w" })).toMatchObject({ status: "succeeded" });
    const rows = await prisma.orchestrationProposal.findMany({ where: { roomId: room.id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => r.status)).toEqual(["rejected", "pending"]);
  });

  it("O3: no agent tool can approve or reject a proposal", () => {
    const names = TOOLS.map((t) => t.name);
    expect(names.filter((n) => /approve|reject|decide/.test(n) && /proposal|orchestrat/.test(n))).toEqual([]);
  });
});

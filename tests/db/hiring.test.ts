/**
 * O5: approving a proposal hires — agents per role (reused by name, never
 * wider than the proposer), a project grouping the tickets, each ticket
 * assigned to its role's agent, and a pipeline that runs them to the
 * synthesis step — in one transaction, against real PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppError } from "../../lib/errors/app-error";
import { approveProposal } from "../../lib/orchestration/approve-proposal";
import { recordProposal } from "../../lib/orchestration/record-proposal";
import { makeFixture, type Fixture } from "../../lib/repos/git.test-support";
import { testDatabase } from "../support/db";
import { createAgent, createRoom, createUser, createWorkspace } from "../support/factories";
import { inProcessWorker, plannerScript, waitFor } from "../support/plan-fixtures";

const PROPOSAL = {
  roles: [
    { name: "implementer", description: "Changes src/." },
    { name: "tester", description: "Adds tests." },
  ],
  tickets: [
    { key: "impl", title: "Implement", description: "Do it.", role: "implementer", children: [{ key: "spike", title: "Spike", description: "Try it.", role: "implementer" }] },
    { key: "tests", title: "Test", description: "Cover it.", role: "tester" },
  ],
  synthesis: { title: "Combine the work", description: "Sum up." },
  budget: { maxRuns: 10, maxMinutes: 30, maxTokens: 50_000 },
};

let fx: Fixture;
beforeAll(async () => {
  fx = await makeFixture();
});
afterAll(() => fx.cleanup());

async function setup(restrict: string[] | null) {
  const db = await testDatabase();
  const { prisma } = db;
  const owner = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
  const proposer = await createAgent(prisma, workspace.id, plannerScript(), restrict ? { restrictModules: true, moduleAllowlist: restrict } : {});
  const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: proposer.id, mode: "orchestrate", worktreePath: fx.worktree });
  const scope = { workspaceId: workspace.id, roomId: room.id };
  const { proposalId } = await recordProposal(prisma, { ...scope, runId: null, conversationId: room.conversationId }, PROPOSAL);
  return { db, prisma, owner, workspace, proposer, room, scope, proposalId };
}

describe("hiring", () => {
  it("O5: approval hires an agent per role (reusing one by name, never wider than the proposer), groups the tickets in a project with the budget, assigns each ticket, and runs the pipeline to synthesis", async () => {
    const { db, prisma, owner, workspace, proposer, scope, proposalId } = await setup(["list_dir", "read_file", "propose_orchestration"]);
    const tester = await createAgent(prisma, workspace.id, plannerScript(), { name: "tester", restrictModules: true, moduleAllowlist: ["list_dir"] });

    const approved = await approveProposal(prisma, { ...scope, proposalId, userId: owner.id });
    expect(approved.hired).toEqual(["implementer"]);
    expect(approved.reused).toEqual(["tester"]);
    const implementer = await prisma.agent.findUniqueOrThrow({ where: { workspaceId_name: { workspaceId: workspace.id, name: "implementer" } } });
    expect(implementer).toMatchObject({ restrictModules: true, moduleAllowlist: ["list_dir", "read_file", "propose_orchestration"], provider: "scripted" });

    const project = await prisma.project.findUniqueOrThrow({ where: { id: approved.projectId }, include: { tickets: { orderBy: { createdAt: "asc" } } } });
    expect(project).toMatchObject({ workspaceId: workspace.id, name: "Combine the work", maxRuns: 10, maxMinutes: 30, maxTokens: 50_000 });
    expect(project.tickets.map((t) => [t.key, t.kind, t.agentId])).toEqual([
      ["spike", "agent", implementer.id],
      ["impl", "agent", implementer.id],
      ["tests", "agent", tester.id],
      ["synthesis", "synthesis", proposer.id],
    ]);

    const worker = await inProcessWorker(db);
    try {
      await waitFor("the pipeline to finish", async () => (await prisma.orchestration.findUniqueOrThrow({ where: { id: approved.orchestrationId } })).status !== "running", 90_000);
    } finally {
      await worker.stop();
    }
    const tickets = await prisma.ticket.findMany({ where: { projectId: project.id }, include: { run: true } });
    expect(tickets.map((t) => [t.key, t.status, t.run?.agentId])).toEqual(
      expect.arrayContaining([
        ["spike", "succeeded", implementer.id],
        ["impl", "succeeded", implementer.id],
        ["tests", "succeeded", tester.id],
        ["synthesis", "succeeded", proposer.id],
      ]),
    );
  });

  it("O5: a role that would reuse an agent wider than the proposer is refused, and nothing is approved, hired or created", async () => {
    const { prisma, owner, workspace, scope, proposalId } = await setup(["list_dir"]);
    await createAgent(prisma, workspace.id, plannerScript(), { name: "tester" });
    const refused = await approveProposal(prisma, { ...scope, proposalId, userId: owner.id }).then(
      () => null,
      (e: unknown) => e as AppError,
    );
    expect(refused).toMatchObject({ code: "unprocessable" });
    expect(refused!.message).toContain("wider than the proposing agent");
    expect((await prisma.orchestrationProposal.findUniqueOrThrow({ where: { id: proposalId } })).status).toBe("pending");
    expect(await prisma.agent.count({ where: { workspaceId: workspace.id, name: "implementer" } })).toBe(0);
    expect(await prisma.project.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });
});

/**
 * O2, O3: a proposal runs nothing until a person approves it in the UI; the
 * approval deterministically creates the tickets (children before parents,
 * synthesis last) and starts them; a second approval is refused.
 */
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors/app-error";
import { approveProposal } from "../../lib/orchestration/approve-proposal";
import { listProposals } from "../../lib/orchestration/list-proposals";
import { recordProposal } from "../../lib/orchestration/record-proposal";
import { testDatabase } from "../support/db";
import { createAgent, createRoom, createUser, createWorkspace } from "../support/factories";

const PROPOSAL = {
  roles: [
    { name: "implementer", description: "Changes src/." },
    { name: "tester", description: "Adds tests." },
  ],
  tickets: [
    { key: "impl", title: "Implement", description: "Do it.", role: "implementer", children: [{ key: "spike", title: "Spike", description: "Try it.", role: "implementer" }] },
    { key: "tests", title: "Test", description: "Cover it.", role: "tester" },
  ],
  synthesis: { title: "Review and merge", description: "Combine." },
  budget: { maxRuns: 10, maxMinutes: 30 },
};

describe("orchestration proposals", () => {
  it("O2, O3: nothing runs before a person approves; approval creates the flattened tickets and queues them; a second approval is a 409", async () => {
    const { prisma } = await testDatabase();
    const owner = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
    const agent = await createAgent(prisma, workspace.id, { scenarios: [] });
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, mode: "orchestrate" });
    const scope = { workspaceId: workspace.id, roomId: room.id };
    const { proposalId } = await recordProposal(prisma, { ...scope, runId: null, conversationId: room.conversationId }, PROPOSAL);
    expect(await prisma.orchestration.count({ where: { roomId: room.id } })).toBe(0);

    const [listed] = await listProposals(prisma, scope);
    expect(listed!.tickets.map((t) => [t.key, t.dependsOn])).toEqual([
      ["spike", []],
      ["impl", ["spike"]],
      ["tests", []],
      ["synthesis", ["impl", "tests"]],
    ]);

    const { orchestrationId } = await approveProposal(prisma, { ...scope, proposalId, userId: owner.id });
    const tickets = await prisma.ticket.findMany({ where: { orchestrationId }, orderBy: { createdAt: "asc" } });
    expect(tickets.map((t) => t.key)).toEqual(["spike", "impl", "tests", "synthesis"]);
    expect(tickets[0]!.description).toContain("Role: implementer");
    expect(await prisma.orchestrationProposal.findUniqueOrThrow({ where: { id: proposalId } })).toMatchObject({ status: "approved", decidedById: owner.id });
    expect(await prisma.job.count({ where: { kind: "orchestration.tick", key: `orchestration:${orchestrationId}` } })).toBe(1);
    expect((await prisma.room.findUniqueOrThrow({ where: { id: room.id } })).mode).toBe("chat");

    const again = await approveProposal(prisma, { ...scope, proposalId, userId: owner.id }).catch((e: unknown) => e as AppError);
    expect(again).toMatchObject({ code: "conflict" });
    expect(await prisma.orchestration.count({ where: { roomId: room.id } })).toBe(1);
  });
});

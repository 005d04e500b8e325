/**
 * A6, A8 as people see them: a sub-agent shows inside its parent's entry of the
 * room history (under the delegate call that started it, with its words, its
 * calls with tier and decision, status, time and tokens), and its model usage
 * counts toward the parent run's totals and the project budget while it runs.
 * Stored runs on PostgreSQL, real git worktree.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { budgetHold, projectUsage } from "../../lib/orchestration/project-budget";
import { makeFixture, type Fixture } from "../../lib/repos/git.test-support";
import { getRoomHistory } from "../../lib/rooms/get-room-history";
import { historyQuery } from "../../lib/rooms/schemas";
import { advanceStoredRun } from "../../lib/runtime/advance-stored-run";
import { testDatabase } from "../support/db";
import { createAgent, createRoom, createRun, createUser, createWorkspace } from "../support/factories";

let fx: Fixture;
beforeEach(async () => {
  fx = await makeFixture();
});
afterEach(() => fx.cleanup());

async function delegatedRun(options: { project?: { maxTokens: number } } = {}) {
  const db = await testDatabase();
  const { prisma } = db;
  const owner = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
  const child = await createAgent(prisma, workspace.id, {
    scenarios: [
      {
        when: "^summarise",
        steps: [
          { toolCalls: [{ name: "write_file", args: { path: "child.md", content: "sneaky" } }] },
          { toolCalls: [{ name: "read_file", args: { path: "README.md" } }] },
          { text: "The README describes the fixture." },
        ],
      },
      { steps: [{ text: "No plan is needed here." }] },
    ],
  });
  const parentAgent = await createAgent(prisma, workspace.id, {
    scenarios: [
      { when: "^investigate", steps: [{ toolCalls: [{ name: "delegate", args: { task: "summarise the README", agent: child.name } }] }, { text: "The sub-agent reported back. No plan is needed here." }] },
      { steps: [{ text: "No plan is needed here." }] },
    ],
  });
  const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: parentAgent.id, mode: "plan", worktreePath: fx.worktree });
  const parent = await createRun(prisma, { ...room, agentId: parentAgent.id }, "investigate the repository");
  const project = options.project ? await prisma.project.create({ data: { workspaceId: workspace.id, name: "p", maxTokens: options.project.maxTokens } }) : null;
  if (project) await prisma.run.update({ where: { id: parent.id }, data: { projectId: project.id } });
  return { db, prisma, workspace, room, parent, child, project };
}

describe("sub-agents in the room and in the budget", () => {
  it("A6: the delegate call's sub-agent is one nested block of the parent's entry, with its words, its calls' tier and decision, status, time and tokens", async () => {
    const { db, prisma, workspace, room, parent, child } = await delegatedRun();
    await advanceStoredRun(db, parent.id, { owner: "test" });
    const sub = await prisma.run.findFirstOrThrow({ where: { parentRunId: parent.id } });

    // While the child runs, the parent's entry already holds it, live.
    const during = await getRoomHistory(prisma, workspace.id, room.id, historyQuery.parse({}));
    expect(during.entries.filter((e) => e.kind === "run").map((e) => e.id)).toEqual([parent.id]);

    await advanceStoredRun(db, sub.id, { owner: "test" });
    await advanceStoredRun(db, parent.id, { owner: "test" });
    const page = await getRoomHistory(prisma, workspace.id, room.id, historyQuery.parse({}));
    const runs = page.entries.filter((e) => e.kind === "run");
    // One entry: the sub-agent is not a run of its own in the conversation.
    expect(runs.map((e) => e.id)).toEqual([parent.id]);
    const entry = runs[0]!;
    if (entry.kind !== "run") throw new Error("not a run");
    const delegateCall = entry.run.toolCalls.find((c) => c.tool === "delegate")!;
    expect(entry.run.subagents).toHaveLength(1);
    const nested = entry.run.subagents[0]!;
    expect(nested.run).toMatchObject({ id: sub.id, parentCallId: delegateCall.callId, status: "succeeded", agentName: child.name, kind: "subagent" });
    expect(nested.run.toolCalls.map((c) => [c.tool, c.tier, c.decision, c.status])).toEqual([
      ["write_file", "write", "deny", "refused"],
      ["read_file", "read", "allow", "executed"],
    ]);
    expect(nested.messages.map((m) => m.content)).toContain("The README describes the fixture.");
    expect(nested.run.startedAt && nested.run.finishedAt).toBeTruthy();
    expect(nested.run.inputTokens).toBeGreaterThan(0);
    // A6: the child's spend is in the parent's totals, beside the parent's own.
    expect(entry.run.inputTokens).toBeGreaterThan(nested.run.inputTokens);
    expect(entry.run.outputTokens).toBeGreaterThan(nested.run.outputTokens);

    // A deep link to the child's call opens the parent's entry.
    const around = await getRoomHistory(prisma, workspace.id, room.id, historyQuery.parse({ around: nested.run.toolCalls[0]!.id }));
    expect(around.target).toMatchObject({ entryId: parent.id, runId: sub.id, toolCallId: nested.run.toolCalls[0]!.id });
  });

  it("A6, A8, O6: a sub-agent's tokens count toward its parent's project budget as they are spent, and a spent budget holds the child", async () => {
    const { db, prisma, parent, project } = await delegatedRun({ project: { maxTokens: 1_000_000 } });
    await advanceStoredRun(db, parent.id, { owner: "test" });
    const sub = await prisma.run.findFirstOrThrow({ where: { parentRunId: parent.id } });
    const parentOwn = await prisma.run.findUniqueOrThrow({ where: { id: parent.id }, select: { inputTokens: true, outputTokens: true } });
    await advanceStoredRun(db, sub.id, { owner: "test" });
    const childSpend = await prisma.run.findUniqueOrThrow({ where: { id: sub.id }, select: { inputTokens: true, outputTokens: true } });
    expect(childSpend.inputTokens + childSpend.outputTokens).toBeGreaterThan(0);
    // Before the parent resumes, the project already carries the child's spend — once.
    const usage = await projectUsage(prisma, project!.id);
    expect(usage.tokens).toBe(parentOwn.inputTokens + parentOwn.outputTokens + childSpend.inputTokens + childSpend.outputTokens);
    expect(usage.runs).toBe(1);

    // With the budget spent, the child (which has no project of its own) is held like its parent.
    await prisma.project.update({ where: { id: project!.id }, data: { maxTokens: 1 } });
    expect(await budgetHold(prisma, sub.id)).toMatch(/budget is reached .*tokens are used/);
  });
});

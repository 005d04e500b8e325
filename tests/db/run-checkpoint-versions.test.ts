/**
 * A5: a run's checkpoint survives the build that wrote it. Stored state is
 * parsed on every read: a checkpoint of an older shape migrates and the run
 * goes on from where it stopped; one this build cannot read fails the run with
 * the reason, keeps the stored state for a person to inspect, and runs nothing.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Prisma } from "../../lib/db/generated/client";
import { CHECKPOINT_VERSION } from "../../lib/harness/lifecycle/checkpoint";
import { makeFixture, type Fixture } from "../../lib/repos/git.test-support";
import { advanceStoredRun } from "../../lib/runtime/advance-stored-run";
import { testDatabase } from "../support/db";
import { createAgent, createRoom, createRun, createWorkspace } from "../support/factories";

let fx: Fixture;
beforeAll(async () => {
  fx = await makeFixture();
});
afterAll(() => fx.cleanup());

/** A room whose agent writes a file on its first turn and says "Done." on its second. */
async function storedRun(state: Prisma.InputJsonValue) {
  const { prisma } = await testDatabase();
  const workspace = await createWorkspace(prisma);
  const agent = await createAgent(prisma, workspace.id, {
    scenarios: [{ steps: [{ text: "Writing.", toolCalls: [{ name: "write_file", args: { path: "again.md", content: "twice" } }] }, { text: "Done." }] }],
  });
  const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, worktreePath: fx.worktree });
  const run = await createRun(prisma, { ...room, agentId: agent.id }, "write it");
  await prisma.run.update({ where: { id: run.id }, data: { state } });
  return run.id;
}

const afterFirstTurn = [
  { role: "user", content: "write it" },
  { role: "assistant", content: [{ type: "text", text: "Writing." }, { type: "tool-call", toolCallId: "call-1", toolName: "write_file", input: { path: "again.md", content: "twice" } }] },
  { role: "tool", content: [{ type: "tool-result", toolCallId: "call-1", toolName: "write_file", output: { type: "text", value: "wrote again.md" } }] },
];

describe("stored run checkpoints", () => {
  it("A5: a checkpoint saved before checkpoints carried a version migrates, and the run resumes after its last step without redoing it", async () => {
    const { prisma } = await testDatabase();
    // The shape written by builds before the version field: no `version`.
    const runId = await storedRun({ messages: afterFirstTurn, step: 1, nudged: false, delivered: false, pending: null, lastText: "Writing." });

    const result = await advanceStoredRun(await testDatabase(), runId, { owner: "test-process" });

    expect(result).toMatchObject({ status: "succeeded" });
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run.state).toMatchObject({ version: CHECKPOINT_VERSION, step: 2, lastText: "Done." });
    // The first turn's write is not repeated: the resumed run went straight to its second turn.
    expect(await prisma.toolCall.count({ where: { runId } })).toBe(0);
    expect(existsSync(path.join(fx.worktree, "again.md"))).toBe(false);
    const words = await prisma.message.findMany({ where: { runId }, select: { content: true } });
    expect(words.map((m) => m.content)).toEqual(["Done."]);
  });

  it("A5: a checkpoint of a version this build does not know fails the run with that reason, keeps the stored state and runs nothing", async () => {
    const { prisma } = await testDatabase();
    const future = {
      version: CHECKPOINT_VERSION + 1,
      messages: afterFirstTurn.slice(0, 2),
      step: 1,
      pending: { mode: "chat", calls: [{ toolCallId: "call-1", toolName: "write_file", input: { path: "again.md", content: "twice" } }], results: [] },
    };
    const runId = await storedRun(future);

    const result = await advanceStoredRun(await testDatabase(), runId, { owner: "test-process" });

    expect(result).toMatchObject({ status: "failed", claimed: true });
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run).toMatchObject({ status: "failed", leaseOwner: null });
    expect(run.error).toMatch(new RegExp(`checkpoint version ${CHECKPOINT_VERSION + 1}.*cannot resume`));
    expect(run.state).toEqual(future);
    expect(await prisma.toolCall.count({ where: { runId } })).toBe(0);
    expect(existsSync(path.join(fx.worktree, "again.md"))).toBe(false);
    const finished = await prisma.runEvent.findFirstOrThrow({ where: { runId, type: "run.finished" } });
    expect(finished.data).toMatchObject({ status: "failed", error: run.error });
  });

  it("A5: a checkpoint of the current version with a field of the wrong shape fails the run, naming the field", async () => {
    const { prisma } = await testDatabase();
    const runId = await storedRun({ version: CHECKPOINT_VERSION, messages: afterFirstTurn, step: "one", nudged: false, delivered: false, pending: null, lastText: "" });

    expect(await advanceStoredRun(await testDatabase(), runId, { owner: "test-process" })).toMatchObject({ status: "failed" });
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run.error).toMatch(/not a version \d+ checkpoint \(step: /);
    expect(await prisma.toolCall.count({ where: { runId } })).toBe(0);
  });
});

/**
 * The worker's per-step statements (claim, checkpoint, call record, claim and
 * finish a call, the agent's messages and events, token usage) are SQL sent
 * beside the Prisma client. What they write must read back through the client
 * exactly as if the client had written it — UTC times whatever the session's
 * time zone, enums, JSON, the effects array — and the message and its event
 * land together or not at all (S4). PostgreSQL and the embedded PGlite.
 */
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../lib/db/client";
import { createPrismaHarnessStore, createPrismaRoomReader } from "../../lib/harness/prisma-store";
import { createHarnessEventSink } from "../../lib/runs/harness-event-sink";
import { advanceStoredRun } from "../../lib/runtime/advance-stored-run";
import { onPglite, testDatabase } from "../support/db";
import { createAgent, createRoom, createRun, createUser, createWorkspace } from "../support/factories";

const SCRIPT = {
  chunkDelayMs: 0,
  scenarios: [
    {
      steps: [
        { text: "Writing the list.", toolCalls: [{ name: "todo_write", args: { todos: [{ content: "read the spec", status: "in_progress" }] } }] },
        { text: "Done." },
      ],
    },
  ],
};

/** A database whose sessions run in a time zone far from UTC (Tokyo, +09:00). */
async function farFromUtc(): Promise<{ db: Database; close(): Promise<void> }> {
  if (onPglite) {
    // One connection: the setting holds for every statement until it is reset.
    const db = await testDatabase();
    await db.sql.exec("SET TIME ZONE 'Asia/Tokyo'");
    return { db, close: async () => void (await db.sql.exec("RESET TIME ZONE")) };
  }
  const url = new URL(process.env.DATABASE_URL!);
  url.searchParams.set("options", "-c TimeZone=Asia/Tokyo");
  const db = await openDatabase({ url: url.toString(), migrate: false });
  return { db, close: () => db.close() };
}

const within = (date: Date | null, from: number, to: number) => {
  expect(date).toBeInstanceOf(Date);
  // timestamp(3): the stored time is the JS clock's to the millisecond, in UTC.
  expect(date!.getTime()).toBeGreaterThanOrEqual(from - 1);
  expect(date!.getTime()).toBeLessThanOrEqual(to + 1);
};

describe("the worker's raw statements", () => {
  const opened: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const o of opened) await o.close();
  });

  it("T5, S4: a run advanced in a +09:00 session stores UTC times, enums, JSON and its messages as the Prisma client reads them", { timeout: 120_000 }, async () => {
    const far = await farFromUtc();
    opened.push(far);
    const { prisma } = far.db;
    const owner = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
    const agent = await createAgent(prisma, workspace.id, SCRIPT);
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id });
    const run = await createRun(prisma, room, "Plan the work.");

    const before = Date.now();
    const result = await advanceStoredRun(far.db, run.id, { owner: "raw-rows" });
    const after = Date.now();
    expect(result?.status).toBe("succeeded");

    const stored = await prisma.run.findUniqueOrThrow({ where: { id: run.id } });
    expect(stored).toMatchObject({ status: "succeeded", mode: "chat", leaseOwner: null, leaseUntil: null, steps: 2 });
    expect(stored.modeView).toMatchObject({ v: 1, id: "chat" });
    within(stored.startedAt, before, after);
    within(stored.finishedAt, before, after);
    expect(stored.inputTokens + stored.outputTokens).toBeGreaterThan(0);

    const [call] = await prisma.toolCall.findMany({ where: { runId: run.id } });
    expect(call).toMatchObject({ tool: "todo_write", mode: "chat", status: "executed", step: 1, args: { todos: [{ content: "read the spec", status: "in_progress" }] } });
    expect(Array.isArray(call!.effects)).toBe(true);
    expect(call!.id).toMatch(/^c[0-9a-z]{24}$/);
    within(call!.createdAt, before, after);
    within(call!.finishedAt, before, after);
    expect(typeof call!.durationMs).toBe("number");
    const todos = await prisma.room.findUniqueOrThrow({ where: { id: room.id }, select: { todos: true } });
    expect(JSON.stringify(todos.todos)).toContain("read the spec");

    const messages = await prisma.message.findMany({ where: { runId: run.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    expect(messages.map((m) => [m.role, m.content])).toEqual([["assistant", "Writing the list."], ["assistant", "Done."]]);
    for (const message of messages) within(message.createdAt, before, after);
    const created = await prisma.runEvent.findMany({ where: { runId: run.id, type: "message" }, orderBy: { id: "asc" } });
    expect(created.map((e) => (e.data as { messageId: string }).messageId)).toEqual(messages.map((m) => m.id));
  });

  it("T5: a call recorded twice is one record, and the second recording returns the first as the client reads it", async () => {
    const db = await testDatabase();
    const { prisma } = db;
    const workspace = await createWorkspace(prisma);
    const room = await createRoom(prisma, { workspaceId: workspace.id });
    const run = await createRun(prisma, room, "hello");
    const store = createPrismaHarnessStore(db, { owner: "raw-rows" });
    expect(await store.claimRun(run.id)).toBe(true);
    const call = { runId: run.id, callId: "call-1", step: 0, tool: "read_file", toolId: "read_file", tier: "read", effects: ["read"], args: { path: "a.md" }, mode: "chat" as const, decision: "allow" as const, reason: "", status: "pending" as const };
    const first = await store.recordCall(call);
    const again = await store.recordCall({ ...call, args: { path: "other.md" } });
    expect(first.created).toBe(true);
    expect(again).toEqual({ created: false, record: first.record });
    expect(await store.getCall(run.id, "call-1")).toEqual(first.record);
    expect(await store.claimExecution(run.id, "call-1")).toBe(true);
    expect(await store.claimExecution(run.id, "call-1")).toBe(false);
    await store.finishCall(run.id, "call-1", { status: "executed", result: { ok: true, text: "x" }, durationMs: 1.5 });
    expect(await store.getCall(run.id, "call-1")).toEqual({ ...first.record, status: "executed", result: { ok: true, text: "x" }, durationMs: 1.5 });
    await expect(store.finishCall(run.id, "no-such-call", { status: "executed" })).rejects.toThrow(/not on record/);
    await store.failRun(run.id, "stopped by the test");
    expect(await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: "failed", error: "stopped by the test", leaseOwner: null });
    // A failed run is terminal: it cannot be claimed again.
    expect(await store.claimRun(run.id)).toBe(false);
  });

  it("S4: an agent message bound to another workspace's room writes neither the message nor its event", async () => {
    const db = await testDatabase();
    const { prisma } = db;
    const mine = await createWorkspace(prisma);
    const theirs = await createWorkspace(prisma);
    const myRoom = await createRoom(prisma, { workspaceId: mine.id });
    const theirRoom = await createRoom(prisma, { workspaceId: theirs.id });
    const run = await createRun(prisma, myRoom, "hello");
    const sink = createHarnessEventSink(db, { workspaceId: mine.id, roomId: theirRoom.id, conversationId: myRoom.conversationId });
    await expect(sink.emit({ type: "message", runId: run.id, text: "leaked?" })).rejects.toThrow(/room/i);
    expect(await prisma.message.count({ where: { runId: run.id } })).toBe(0);
    expect(await prisma.runEvent.count({ where: { OR: [{ roomId: theirRoom.id }, { runId: run.id }] } })).toBe(0);
    // The room reader finds a room only inside the workspace asked for.
    const rooms = createPrismaRoomReader(db);
    expect(await rooms.findRoom(mine.id, theirRoom.id)).toBeNull();
    expect(await rooms.findRoom(theirs.id, theirRoom.id)).toMatchObject({ id: theirRoom.id, workspaceId: theirs.id, mode: "chat" });
  });

  it("H5: a model's message the database refuses (U+0000) writes neither the message nor its event, and the next one lands", async () => {
    const db = await testDatabase();
    const { prisma } = db;
    const workspace = await createWorkspace(prisma);
    const room = await createRoom(prisma, { workspaceId: workspace.id });
    const run = await createRun(prisma, room, "say something");
    const sink = createHarnessEventSink(db, { workspaceId: workspace.id, roomId: room.id, conversationId: room.conversationId });
    await expect(sink.emit({ type: "message", runId: run.id, text: "before\u0000after" })).rejects.toThrow();
    expect(await prisma.message.count({ where: { runId: run.id } })).toBe(0);
    expect(await prisma.runEvent.count({ where: { runId: run.id } })).toBe(0);
    await sink.emit({ type: "message", runId: run.id, text: "plain words" });
    const [message] = await prisma.message.findMany({ where: { runId: run.id } });
    expect(message?.content).toBe("plain words");
    const [event] = await prisma.runEvent.findMany({ where: { runId: run.id } });
    expect(event?.data).toMatchObject({ messageId: message!.id, text: "plain words" });
  });
});

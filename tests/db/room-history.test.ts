/**
 * Long-lived rooms against real PostgreSQL: the history pages by a stable
 * cursor with every message in its run, deep links load the page around a
 * message, threads page the same way (M1), a fresh process reads the same
 * pages (A5), and tool calls arrive as previews with their whole arguments and
 * result one request away.
 */
import { describe, expect, it } from "vitest";
import type { PrismaClient } from "../../lib/db/generated/client";
import { AppError } from "../../lib/errors/app-error";
import { openDatabase } from "../../lib/db/client";
import { getRoomHistory, type HistoryEntry, type HistoryPage } from "../../lib/rooms/get-room-history";
import { getToolCallDetail } from "../../lib/rooms/get-tool-call-detail";
import { historyQuery } from "../../lib/rooms/schemas";
import { startThread } from "../../lib/rooms/start-thread";
import { postMessage } from "../../lib/runs/post-message";
import { testDatabase } from "../support/db";
import { createAgent, createRoom, createUser, createWorkspace, uid } from "../support/factories";
import { seededId, seedRoomHistory } from "../support/seed-room-history";

async function seededRoom(exchanges: number, options: { systemEvery?: number; start?: Date } = {}) {
  const db = await testDatabase();
  const owner = await createUser(db.prisma);
  const workspace = await createWorkspace(db.prisma, [{ userId: owner.id, role: "owner" }]);
  const agent = await createAgent(db.prisma, workspace.id, { turns: [] });
  const room = await createRoom(db.prisma, { workspaceId: workspace.id, agentId: agent.id });
  const prefix = `h${uid().replace(/-/g, "")}`;
  const seeded = await seedRoomHistory(db.sql, {
    workspaceId: workspace.id,
    roomId: room.id,
    conversationId: room.conversationId,
    agentId: agent.id,
    authorId: owner.id,
    exchanges,
    prefix,
    start: options.start ?? new Date(Date.now() - 86_400_000),
    systemEvery: options.systemEvery,
  });
  return { db, prisma: db.prisma, owner, workspace, agent, room, prefix, seeded };
}

/** Every message id an entry carries. */
function messageIds(entry: HistoryEntry): string[] {
  return entry.kind === "message" ? [entry.message.id] : [...(entry.trigger ? [entry.trigger.id] : []), ...entry.messages.map((m) => m.id)];
}

/** Reads from the newest page back to the first, calling `between` after each page. */
async function readBack(prisma: PrismaClient, workspaceId: string, roomId: string, query: { conversation?: string; limit: number }, between?: () => Promise<void>) {
  const pages: HistoryPage[] = [];
  let before: string | null | undefined;
  do {
    const page = await getRoomHistory(prisma, workspaceId, roomId, historyQuery.parse({ ...query, ...(before ? { before } : {}) }));
    pages.push(page);
    before = page.older;
    await between?.();
  } while (before);
  return pages;
}

describe("room history", () => {
  it("every message on a page arrives with its run and the run with its trigger, its messages and its tool calls", async () => {
    const { prisma, workspace, room, prefix } = await seededRoom(60, { systemEvery: 7 });
    // A run without a trigger message (a ticket's run) that has spoken, and one that has not yet.
    const ticketRun = await prisma.run.create({ data: { workspaceId: workspace.id, roomId: room.id, conversationId: room.conversationId, kind: "ticket", status: "succeeded" } });
    await prisma.message.create({ data: { conversationId: room.conversationId, role: "assistant", runId: ticketRun.id, content: "Ticket T1 done." } });
    const silentRun = await prisma.run.create({ data: { workspaceId: workspace.id, roomId: room.id, conversationId: room.conversationId, kind: "ticket" } });

    const pages = await readBack(prisma, workspace.id, room.id, { limit: 7 });
    const entries = pages.flatMap((p) => p.entries);
    for (const entry of entries) {
      if (entry.kind === "message") {
        // A standalone message is never a run's message nor a run's trigger.
        expect(entry.message.runId).toBeNull();
        expect(await prisma.run.count({ where: { triggerMessageId: entry.message.id } })).toBe(0);
        continue;
      }
      const stored = await prisma.message.findMany({ where: { runId: entry.run.id }, select: { id: true } });
      expect(entry.messages.map((m) => m.id).sort()).toEqual(stored.map((m) => m.id).sort());
      expect(entry.run.toolCalls).toHaveLength(await prisma.toolCall.count({ where: { runId: entry.run.id } }));
      expect(entry.trigger?.id ?? null).toBe(entry.run.triggerMessageId);
    }
    const seededRun = entries.find((e) => e.id === seededId(prefix, "r", 42));
    expect(seededRun).toMatchObject({ kind: "run", trigger: { id: seededId(prefix, "u", 42) }, messages: [{ id: seededId(prefix, "a", 42) }] });
    expect(seededRun?.kind === "run" && seededRun.run.toolCalls.map((c) => c.tool)).toEqual(["list_dir", "read_file", "search_code", "read_file"]);
    expect(entries.find((e) => e.id === ticketRun.id)).toMatchObject({ kind: "run", trigger: null, messages: [{ content: "Ticket T1 done." }] });
    expect(entries.find((e) => e.id === silentRun.id)).toMatchObject({ kind: "run", trigger: null, messages: [] });

    // Every message of the conversation is on exactly one page, in exactly one entry.
    const all = await prisma.message.findMany({ where: { conversationId: room.conversationId }, select: { id: true } });
    const seen = entries.flatMap(messageIds);
    expect(seen.length).toBe(all.length);
    expect(new Set(seen)).toEqual(new Set(all.map((m) => m.id)));
    // Oldest first within and across pages.
    const times = [...pages].reverse().flatMap((p) => p.entries.map((e) => (e.kind === "run" ? e.run.createdAt : e.message.createdAt)));
    expect(times).toEqual([...times].sort());
  });

  // Some 150 reads and writes against 5,000 rows: minutes, not seconds, on a shared machine at load 20+.
  it("paging over 5,000 messages visits each exactly once while new messages arrive between page reads", async () => {
    const { prisma, owner, workspace, room, seeded } = await seededRoom(2_400, { systemEvery: 12 });
    expect(seeded.messages).toBeGreaterThanOrEqual(5_000);
    let arrived = 0;
    const pages = await readBack(prisma, workspace.id, room.id, { limit: 40 }, async () => {
      // A person writes while someone else reads back through the history (no agent reply needed).
      if (arrived < 25) {
        arrived++;
        await postMessage(prisma, { workspaceId: workspace.id, roomId: room.id, userId: owner.id, content: `live message ${arrived}` });
      }
    });
    const seen = pages.flatMap((p) => p.entries.flatMap(messageIds));
    expect(new Set(seen).size).toBe(seen.length);
    const stored = await prisma.message.findMany({ where: { conversationId: room.conversationId }, select: { id: true, content: true } });
    const live = stored.filter((m) => m.content.startsWith("live message"));
    expect(live).toHaveLength(25);
    // Everything that existed before the first page was read, and nothing that arrived later: those sort after the first page's cursor.
    expect(new Set(seen)).toEqual(new Set(stored.filter((m) => !live.includes(m)).map((m) => m.id)));
    expect(pages.at(-1)!.older).toBeNull();

    // The newest page, refreshed from its own start (its `older` cursor, inclusive), now holds what arrived.
    const first = pages[0]!;
    const refreshed = await getRoomHistory(prisma, workspace.id, room.id, historyQuery.parse({ from: first.older, limit: 200 }));
    expect(refreshed.entries.slice(0, first.entries.length).map((e) => e.id)).toEqual(first.entries.map((e) => e.id));
    expect(refreshed.entries.flatMap(messageIds).filter((id) => live.some((m) => m.id === id))).toHaveLength(25);
    expect(refreshed.newer).toBeNull();
  }, 240_000);

  it("a deep link loads the page around its message, and paging on from there reaches both ends once", async () => {
    const { prisma, workspace, room, prefix, seeded } = await seededRoom(300);
    const target = seededId(prefix, "a", 150);
    const page = await getRoomHistory(prisma, workspace.id, room.id, historyQuery.parse({ around: target, limit: 20 }));
    expect(page.target).toEqual({ entryId: seededId(prefix, "r", 150), messageId: target, runId: seededId(prefix, "r", 150), toolCallId: null });
    expect(page.entries.map((e) => e.id)).toContain(seededId(prefix, "r", 150));
    expect(page.entries.findIndex((e) => e.id === seededId(prefix, "r", 150))).toBe(10);
    expect(page.older && page.newer).toBeTruthy();

    // A person's message that triggered a run opens that run's entry; a tool call opens its run.
    const byTrigger = await getRoomHistory(prisma, workspace.id, room.id, historyQuery.parse({ around: seededId(prefix, "u", 7) }));
    expect(byTrigger.target?.entryId).toBe(seededId(prefix, "r", 7));
    const call = await prisma.toolCall.findFirstOrThrow({ where: { runId: seededId(prefix, "r", 299) }, orderBy: { step: "desc" } });
    const byCall = await getRoomHistory(prisma, workspace.id, room.id, historyQuery.parse({ around: call.id }));
    expect(byCall.target).toMatchObject({ entryId: seededId(prefix, "r", 299), toolCallId: call.id });
    expect(byCall.newer).toBeNull();

    const seen = page.entries.flatMap(messageIds);
    for (let after = page.newer; after; ) {
      const next = await getRoomHistory(prisma, workspace.id, room.id, historyQuery.parse({ after, limit: 20 }));
      seen.push(...next.entries.flatMap(messageIds));
      after = next.newer;
    }
    for (let before = page.older; before; ) {
      const next = await getRoomHistory(prisma, workspace.id, room.id, historyQuery.parse({ before, limit: 20 }));
      seen.push(...next.entries.flatMap(messageIds));
      before = next.older;
    }
    expect(seen.length).toBe(seeded.messages);
    expect(new Set(seen).size).toBe(seeded.messages);
  });

  it("M1: a thread pages the same way, and its messages stay out of the main conversation", async () => {
    const { db, prisma, owner, workspace, agent, room, prefix } = await seededRoom(50);
    const thread = await startThread(prisma, { workspaceId: workspace.id, roomId: room.id, parentConversationId: room.conversationId, title: "Rounding" });
    const threadPrefix = `${prefix}t`;
    await seedRoomHistory(db.sql, { workspaceId: workspace.id, roomId: room.id, conversationId: thread.id, agentId: agent.id, authorId: owner.id, exchanges: 45, prefix: threadPrefix, start: new Date(), systemEvery: 0 });
    const threadPages = await readBack(prisma, workspace.id, room.id, { conversation: thread.id, limit: 8 });
    const threadSeen = threadPages.flatMap((p) => p.entries.flatMap(messageIds));
    expect(threadPages.every((p) => p.conversationId === thread.id)).toBe(true);
    expect(threadSeen).toHaveLength(90);
    expect(threadSeen.every((id) => id.startsWith(threadPrefix))).toBe(true);
    const mainSeen = (await readBack(prisma, workspace.id, room.id, { limit: 50 })).flatMap((p) => p.entries.flatMap(messageIds));
    expect(mainSeen).toHaveLength(105);
    expect(mainSeen.some((id) => id.startsWith(threadPrefix))).toBe(false);
    // A deep link into the thread opens the thread.
    const linked = await getRoomHistory(prisma, workspace.id, room.id, historyQuery.parse({ around: seededId(threadPrefix, "u", 3) }));
    expect(linked.conversationId).toBe(thread.id);
  });

  it("another workspace's room, conversation or message is not found through this room", async () => {
    const { prisma, workspace, room, prefix } = await seededRoom(3);
    const other = await seededRoom(3);
    const refusal = (attempt: () => Promise<unknown>) => attempt().then(() => null, (error: unknown) => error);
    for (const attempt of [
      () => getRoomHistory(prisma, workspace.id, other.room.id),
      () => getRoomHistory(prisma, workspace.id, room.id, { conversation: other.room.conversationId }),
      () => getRoomHistory(prisma, workspace.id, room.id, { around: seededId(other.prefix, "a", 1) }),
      () => getRoomHistory(prisma, other.workspace.id, room.id, { around: seededId(prefix, "a", 1) }),
      () => getToolCallDetail(prisma, other.workspace.id, room.id, `${seededId(prefix, "c", 1)}_1`),
    ]) {
      const error = await refusal(attempt);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("not_found");
    }
  });

  it("tool calls in a page are previews; the whole arguments and result load on request", async () => {
    const { prisma, workspace, room } = await seededRoom(2);
    const run = await prisma.run.findFirstOrThrow({ where: { roomId: room.id }, orderBy: { createdAt: "desc" } });
    const big = "x".repeat(50_000);
    const call = await prisma.toolCall.create({
      data: { runId: run.id, step: 5, callId: "call-big", tool: "write_file", tier: "write", args: { path: "src/big.ts", content: big }, mode: "chat", decision: "allow", status: "executed", result: { ok: true, written: big } },
    });
    const refused = await prisma.toolCall.create({
      data: { runId: run.id, step: 6, callId: "call-refused", tool: "run_command", tier: "execute", args: { command: "rm -rf /" }, mode: "plan", decision: "allow", status: "refused", result: { message: "Nobody who could approve is connected." } },
    });
    const page = await getRoomHistory(prisma, workspace.id, room.id);
    const entry = page.entries.find((e) => e.id === run.id);
    const preview = entry?.kind === "run" ? entry.run.toolCalls.find((c) => c.id === call.id) : undefined;
    expect(preview?.args).toEqual({ path: "src/big.ts", content: "x".repeat(160) });
    expect(preview?.resultPreview?.length).toBe(160);
    expect(preview?.argsBytes).toBeGreaterThan(50_000);
    expect(JSON.stringify(page).length).toBeLessThan(40_000);
    const note = entry?.kind === "run" ? entry.run.toolCalls.find((c) => c.id === refused.id)?.note : undefined;
    expect(note).toBe("Nobody who could approve is connected.");
    const detail = await getToolCallDetail(prisma, workspace.id, room.id, call.id);
    expect(detail.args).toEqual({ path: "src/big.ts", content: big });
    expect(detail.result).toEqual({ ok: true, written: big });
  });

  it("A5: a fresh process reads the same pages by the same cursors", async () => {
    const { prisma, workspace, room } = await seededRoom(120);
    const first = await getRoomHistory(prisma, workspace.id, room.id, { limit: 30 });
    const second = await getRoomHistory(prisma, workspace.id, room.id, historyQuery.parse({ before: first.older, limit: 30 }));
    const fresh = await openDatabase({ url: process.env.DATABASE_URL, migrate: false });
    try {
      const again = await getRoomHistory(fresh.prisma, workspace.id, room.id, historyQuery.parse({ before: first.older, limit: 30 }));
      expect(again).toEqual(second);
    } finally {
      await fresh.close();
    }
  });

  it("a malformed cursor or limit is a 400 that says what to send", () => {
    expect(historyQuery.safeParse({ before: "yesterday" }).error?.issues[0]?.message).toMatch(/cursor must be one an earlier history page returned/);
    expect(historyQuery.safeParse({ limit: "5000" }).error?.issues[0]?.message).toMatch(/at most 200/);
    expect(historyQuery.safeParse({ before: "1_a", around: "x" }).error?.issues[0]?.message).toMatch(/at most one of/);
  });
});

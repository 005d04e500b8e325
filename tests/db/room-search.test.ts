/**
 * Find in a room: PostgreSQL full-text search over a room's messages and tool
 * calls, on the PostgreSQL server and on the embedded PGlite the default
 * `npm run dev` uses, scoped to the room and its workspace.
 */
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../lib/db/client";
import { AppError } from "../../lib/errors/app-error";
import { getRoomHistory } from "../../lib/rooms/get-room-history";
import { searchRoom } from "../../lib/rooms/search-room";
import { testDatabase } from "../support/db";
import { createAgent, createRoom, createUser, createWorkspace, uid } from "../support/factories";
import { seedRoomHistory } from "../support/seed-room-history";

/** Two workspaces, each with a room holding the same words, and a second room in the first workspace. */
async function world(db: Database) {
  const { prisma } = db;
  const make = async () => {
    const owner = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
    const agent = await createAgent(prisma, workspace.id, { turns: [] });
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id });
    await seedRoomHistory(db.sql, { workspaceId: workspace.id, roomId: room.id, conversationId: room.conversationId, agentId: agent.id, authorId: owner.id, exchanges: 40, prefix: `s${uid()}`, start: new Date(Date.now() - 60_000) });
    const run = await prisma.run.create({ data: { workspaceId: workspace.id, roomId: room.id, conversationId: room.conversationId, agentId: agent.id, status: "succeeded" } });
    const said = await prisma.message.create({ data: { conversationId: room.conversationId, role: "assistant", runId: run.id, content: "The invoices are rounded by the Kahan summation in the ledger." } });
    const call = await prisma.toolCall.create({
      data: { runId: run.id, step: 1, callId: "c1", tool: "run_command", tier: "execute", args: { command: "npm test -- --grep quarantine", cwd: "packages/ledger-core" }, mode: "chat", decision: "allow", status: "executed", result: "ok" },
    });
    return { owner, workspace, room, run, said, call };
  };
  const mine = await make();
  const theirs = await make();
  const sibling = await createRoom(prisma, { workspaceId: mine.workspace.id });
  await prisma.message.create({ data: { conversationId: sibling.conversationId, role: "user", content: "Kahan summation belongs in this room too" } });
  return { mine, theirs, sibling };
}

async function proveSearch(db: Database) {
  const { prisma } = db;
  const { mine, theirs, sibling } = await world(db);
  // A word of a message, in another form than written ("summing" ~ "summation" does not stem alike; "rounding" ~ "rounded" does).
  const byWord = await searchRoom(prisma, mine.workspace.id, mine.room.id, "kahan");
  expect(byWord.map((r) => r.id)).toEqual([mine.said.id]);
  expect(byWord[0]).toMatchObject({ kind: "message", conversationId: mine.room.conversationId, runId: mine.run.id });
  expect(byWord[0]!.snippet).toContain("«Kahan»");
  // A tool call by a word of its arguments, including a part of a path.
  const byArgument = await searchRoom(prisma, mine.workspace.id, mine.room.id, "quarantine");
  expect(byArgument).toMatchObject([{ kind: "tool_call", id: mine.call.id, runId: mine.run.id, tool: "run_command" }]);
  expect((await searchRoom(prisma, mine.workspace.id, mine.room.id, "ledger-core")).map((r) => r.id)).toContain(mine.call.id);
  expect((await searchRoom(prisma, mine.workspace.id, mine.room.id, "packages/ledger-core")).map((r) => r.id)).toContain(mine.call.id);
  // Stemmed, phrase and negation (websearch syntax).
  expect((await searchRoom(prisma, mine.workspace.id, mine.room.id, "rounding ledger")).map((r) => r.id)).toContain(mine.said.id);
  expect(await searchRoom(prisma, mine.workspace.id, mine.room.id, '"ledger rounded"')).toEqual([]);
  expect(await searchRoom(prisma, mine.workspace.id, mine.room.id, "kahan -invoices")).toEqual([]);
  // Never another room's or another workspace's rows, though they hold the same words.
  // 40 seeded questions and 40 answers speak of the discount.
  const everything = await searchRoom(prisma, mine.workspace.id, mine.room.id, "kahan OR quarantine OR discount", 100);
  const foreign = [theirs.said.id, theirs.call.id];
  expect(everything.some((r) => foreign.includes(r.id))).toBe(false);
  expect(everything.every((r) => r.conversationId === mine.room.conversationId)).toBe(true);
  expect(everything.length).toBe(82);
  expect((await searchRoom(prisma, mine.workspace.id, sibling.id, "kahan")).map((r) => r.kind)).toEqual(["message"]);
  const refused = await searchRoom(prisma, theirs.workspace.id, mine.room.id, "kahan").catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(AppError);
  expect((refused as AppError).code).toBe("not_found");
  // A result opens its place in the history (the deep-link machinery).
  const page = await getRoomHistory(prisma, mine.workspace.id, mine.room.id, { around: byArgument[0]!.id });
  expect(page.target).toMatchObject({ entryId: mine.run.id, toolCallId: mine.call.id });
  // Input that is not a query at all finds nothing rather than failing.
  expect(await searchRoom(prisma, mine.workspace.id, mine.room.id, "&|!():*")).toEqual([]);
}

describe("find in a room", () => {
  it("finds a message by a word in its text and a tool call by its argument, only in that room and workspace (PostgreSQL)", async () => {
    await proveSearch(await testDatabase());
  });

  describe("on the embedded PGlite", () => {
    let lite: Database | null = null;
    afterAll(async () => {
      await lite?.close();
    });
    it("finds a message by a word in its text and a tool call by its argument, only in that room and workspace (PGlite)", async () => {
      lite = await openDatabase({ url: null, dataDir: "memory://", migrate: true });
      expect(lite.kind).toBe("pglite");
      await proveSearch(lite);
    }, 180_000); // PGlite runs every migration in WebAssembly first: slow on a busy machine
  });
});

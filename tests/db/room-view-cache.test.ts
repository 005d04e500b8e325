/**
 * The room and inbox reads are cached per process until an event of their
 * scope arrives: a room's view until that room's next event (wherever it was
 * recorded), the inbox until the workspace's. A second database handle plays
 * "another process" (a worker), whose writes reach this one only by NOTIFY.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as approvalsRoute from "../../app/api/workspaces/[workspace]/approvals/route";
import * as roomRoute from "../../app/api/workspaces/[workspace]/rooms/[roomId]/route";
import { openDatabase, type Database } from "../../lib/db/client";
import { recordEvent } from "../../lib/events/record-event";
import { testDatabase } from "../support/db";
import { createRoom, createUser, createWorkspace, sessionCookie } from "../support/factories";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

let db: Database;
let elsewhere: Database;
beforeAll(async () => {
  db = await testDatabase();
  (globalThis as { gatehouseDb?: Promise<Database> }).gatehouseDb = Promise.resolve(db);
  elsewhere = await openDatabase({ url: process.env.DATABASE_URL, migrate: false });
});
afterAll(async () => {
  await elsewhere.close();
  delete (globalThis as { gatehouseDb?: unknown }).gatehouseDb;
});

async function get<T>(handler: unknown, params: Record<string, string>, cookie: string): Promise<T> {
  const response = await (handler as Handler)(new Request("http://localhost/api/x?status=pending", { headers: { cookie } }), { params: Promise.resolve(params) });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

type View = { room: { name: string }; approvals: { id: string }[]; lastEventId: string };

async function setUp() {
  const user = await createUser(db.prisma);
  const ws = await createWorkspace(db.prisma, [{ userId: user.id, role: "owner" }]);
  const [a, b] = [await createRoom(db.prisma, { workspaceId: ws.id }), await createRoom(db.prisma, { workspaceId: ws.id })];
  const { cookie } = await sessionCookie(db.prisma, user.id);
  const view = (roomId: string) => get<View>(roomRoute.GET, { workspace: ws.slug, roomId }, cookie);
  const inbox = () => get<{ approvals: { id: string }[] }>(approvalsRoute.GET, { workspace: ws.slug }, cookie);
  return { ws, a, b, view, inbox };
}

describe("cached reads", () => {
  it("G4: an approval a worker opens in a room shows in that room's view and in the inbox", async () => {
    const { ws, a, view, inbox } = await setUp();
    expect((await view(a.id)).approvals).toEqual([]);
    expect((await inbox()).approvals).toEqual([]);

    const opened = await elsewhere.prisma.$transaction(async (tx) => {
      const approval = await tx.approval.create({ data: { workspaceId: ws.id, roomId: a.id, kind: "plan_exit", summary: "leave plan mode" } });
      const id = await recordEvent(tx, { workspaceId: ws.id, roomId: a.id, type: "approval.requested", data: { approvalId: approval.id, kind: "plan_exit", summary: approval.summary } });
      return { approval, id };
    });

    await expect.poll(async () => (await view(a.id)).approvals.map((x) => x.id), { timeout: 10_000 }).toEqual([opened.approval.id]);
    expect((await view(a.id)).lastEventId).toBe(opened.id.toString());
    await expect.poll(async () => (await inbox()).approvals.map((x) => x.id), { timeout: 10_000 }).toEqual([opened.approval.id]);
  });

  it("a room's view is kept while another room of the workspace is busy, and its own next event refreshes it", async () => {
    const { ws, a, b, view, inbox } = await setUp();
    expect((await view(a.id)).room.name).toBe(a.name);
    // A change to room A that records no event (so nothing announces it) ...
    await elsewhere.prisma.room.update({ where: { id: a.id }, data: { name: "renamed quietly" } });
    // ... and activity in room B, announced: the workspace-wide inbox follows it.
    const approval = await elsewhere.prisma.$transaction(async (tx) => {
      const created = await tx.approval.create({ data: { workspaceId: ws.id, roomId: b.id, kind: "plan_exit", summary: "in room B" } });
      await recordEvent(tx, { workspaceId: ws.id, roomId: b.id, type: "approval.requested", data: { approvalId: created.id, kind: "plan_exit", summary: created.summary } });
      return created;
    });
    await expect.poll(async () => (await inbox()).approvals.map((x) => x.id), { timeout: 10_000 }).toEqual([approval.id]);
    // Room A's view was not recomputed for room B's event.
    expect((await view(a.id)).room.name).toBe(a.name);

    await recordEvent(elsewhere.prisma, { workspaceId: ws.id, roomId: a.id, type: "room.updated", data: { mode: "chat", changes: { name: { from: a.name, to: "renamed quietly" } } } });
    await expect.poll(async () => (await view(a.id)).room.name, { timeout: 10_000 }).toBe("renamed quietly");
  });
});

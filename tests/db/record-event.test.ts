/**
 * A room event is a row and a NOTIFY, written in one statement: listeners get
 * the stored event's id, a transaction's events are announced only when it
 * commits, and a rolled-back one announces nothing. PostgreSQL and PGlite.
 */
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../lib/db/client";
import type { RoomEvent, RoomEventType } from "../../lib/events/catalogue";
import { SAMPLE_EVENTS } from "../../lib/events/catalogue-samples.test-support";
import { createEventHub } from "../../lib/events/event-hub";
import { EVENTS_CHANNEL, recordEvent, type EventNotice } from "../../lib/events/record-event";
import { testDatabase } from "../support/db";
import { createRoom, createWorkspace } from "../support/factories";

async function proveNotices(db: Database) {
  const workspace = await createWorkspace(db.prisma);
  const room = await createRoom(db.prisma, { workspaceId: workspace.id });
  const heard: EventNotice[] = [];
  const stop = await db.listen(EVENTS_CHANNEL, (payload) => heard.push(JSON.parse(payload) as EventNotice));
  const mine = () => heard.filter((n) => n.workspaceId === workspace.id);
  const settle = async (count: number) => {
    for (let i = 0; i < 100 && mine().length < count; i++) await new Promise((r) => setTimeout(r, 20));
  };
  try {
    const id = await recordEvent(db.prisma, { workspaceId: workspace.id, roomId: room.id, type: "room.updated", data: { mode: "chat", via: "x" } });
    await settle(1);
    expect(mine()).toEqual([{ kind: "stored", id: id.toString(), workspaceId: workspace.id, roomId: room.id }]);
    const row = await db.prisma.runEvent.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ workspaceId: workspace.id, roomId: room.id, runId: null, type: "room.updated", data: { mode: "chat", via: "x" } });

    await db.prisma
      .$transaction(async (tx) => {
        await recordEvent(tx, { workspaceId: workspace.id, roomId: null, type: "room.updated", data: { mode: "plan", via: "rolled back" } });
        throw new Error("roll back");
      })
      .catch(() => undefined);
    const committed = await db.prisma.$transaction((tx) => recordEvent(tx, { workspaceId: workspace.id, roomId: null, type: "room.updated", data: { mode: "chat", via: "committed" } }));
    await settle(2);
    expect(mine().map((n) => n.kind === "stored" && [n.id, n.roomId])).toEqual([[id.toString(), room.id], [committed.toString(), null]]);
    expect(await db.prisma.runEvent.count({ where: { workspaceId: workspace.id, data: { path: ["via"], equals: "rolled back" } } })).toBe(0);
  } finally {
    await stop();
  }
}

describe("room events", () => {
  it("a recorded event reaches listeners with its id, after its transaction commits (PostgreSQL)", async () => {
    await proveNotices(await testDatabase());
  });

  describe("on the embedded PGlite", () => {
    let lite: Database | null = null;
    afterAll(async () => {
      await lite?.close();
    });
    it("a recorded event reaches listeners with its id, after its transaction commits (PGlite)", async () => {
      lite = await openDatabase({ url: null, dataDir: "memory://", migrate: true });
      await proveNotices(lite);
    }, 180_000); // PGlite runs every migration in WebAssembly first: slow on a busy machine
  });

  it("every stored kind of the catalogue is recorded and replayed as it was sent", async () => {
    const db = await testDatabase();
    const workspace = await createWorkspace(db.prisma);
    const room = await createRoom(db.prisma, { workspaceId: workspace.id });
    const sent = (Object.entries(SAMPLE_EVENTS) as [RoomEventType, RoomEvent["data"]][])
      .filter(([type]) => type !== "text.delta")
      .map(([type, data]) => ({ type, data }) as RoomEvent);
    for (const event of sent) await recordEvent(db.prisma, { workspaceId: workspace.id, roomId: room.id, ...event });
    const hub = await createEventHub(db);
    const replayed = await hub.replay(`room:${room.id}`, 0n);
    expect(replayed.map(({ type, data }) => ({ type, data }))).toEqual(JSON.parse(JSON.stringify(sent)));
  });

  it("an event outside the catalogue is refused and nothing is stored", async () => {
    const db = await testDatabase();
    const workspace = await createWorkspace(db.prisma);
    const room = await createRoom(db.prisma, { workspaceId: workspace.id });
    const wrong: unknown[] = [
      { type: "room.renamed", data: { name: "x" } },
      { type: "run.queued", data: {} },
      { type: "plan.submitted", data: { planId: "p1", version: "two", goal: "g", steps: 1 } },
      { type: "text.delta", data: { delta: "deltas are never stored" } },
    ];
    for (const event of wrong) {
      // Data built at run time can slip past the type check; the writer still refuses it.
      const input = { workspaceId: workspace.id, roomId: room.id, ...(event as RoomEvent) };
      await expect(recordEvent(db.prisma, input)).rejects.toThrow(/catalogue|never stored/);
    }
    expect(await db.prisma.runEvent.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });
});

/**
 * A refused request says what to fix in the words of the form the person
 * filled — through the real route handlers — and never names the API's
 * fields (`content`, `body`); programs still find the paths in `issues`.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as messages from "../../app/api/workspaces/[workspace]/rooms/[roomId]/messages/route";
import * as rooms from "../../app/api/workspaces/[workspace]/rooms/route";
import type { Database } from "../../lib/db/client";
import { testDatabase } from "../support/db";
import { createRoom, createUser, createWorkspace, sessionCookie } from "../support/factories";

let db: Database;
beforeAll(async () => {
  db = await testDatabase();
  (globalThis as { gatehouseDb?: Promise<Database> }).gatehouseDb = Promise.resolve(db);
});

async function post(handler: unknown, params: Record<string, string>, userId: string, body: unknown) {
  const { cookie } = await sessionCookie(db.prisma, userId);
  const req = new Request("http://localhost/api/x", { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify(body) });
  const res = await (handler as (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>)(req, { params: Promise.resolve(params) });
  return { status: res.status, json: (await res.json()) as { detail: string; issues?: { path: string; message: string }[] } };
}

describe("error words", () => {
  it("H5: an empty message, a room without a name or with a field the form does not take is a 400 in the person's words, with the paths kept for programs", async () => {
    const user = await createUser(db.prisma);
    const workspace = await createWorkspace(db.prisma, [{ userId: user.id, role: "member" }]);
    const room = await createRoom(db.prisma, { workspaceId: workspace.id });
    const empty = await post(messages.POST, { workspace: workspace.slug, roomId: room.id }, user.id, { content: "   " });
    expect(empty.status).toBe(400);
    expect(empty.json.detail).toBe("Write a message first.");
    expect(empty.json.issues).toEqual([{ path: "content", message: "write a message first" }]);

    const unnamed = await post(rooms.POST, { workspace: workspace.slug }, user.id, { name: 7, colour: "red" });
    expect(unnamed.status).toBe(400);
    expect(unnamed.json.detail).toBe('The name is not the right kind of value. This form does not take the field "colour"; leave it out.');
    expect(unnamed.json.detail).not.toMatch(/^name:|Invalid input|expected string/);
  });
});

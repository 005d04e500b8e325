/**
 * H5 against the route handlers and real PostgreSQL, where a second database
 * handle plays "another web process": the guard covers every cookie route,
 * access changes made elsewhere reach this process's streams and session
 * checks by NOTIFY, and the sign-in limit lives in the database.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as roomEvents from "../../app/api/workspaces/[workspace]/rooms/[roomId]/events/route";
import * as workspaceEvents from "../../app/api/workspaces/[workspace]/events/route";
import * as workspaces from "../../app/api/workspaces/route";
import { authorizePassword } from "../../lib/auth/authorize-password";
import { revokeSession } from "../../lib/auth/revoke-session";
import { openDatabase, type Database } from "../../lib/db/client";
import { recordEvent } from "../../lib/events/record-event";
import { changeRole } from "../../lib/members/change-role";
import { removeMember } from "../../lib/members/remove-member";
import { SESSION_TTL_MS } from "../../server/session";
import { testDatabase } from "../support/db";
import { createUser, createWorkspace, sessionCookie, uid } from "../support/factories";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

let db: Database;
/** another process's connections: its writes reach this one only through PostgreSQL */
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

function call(handler: unknown, params: Record<string, string>, init: RequestInit & { url?: string } = {}): Promise<Response> {
  const req = new Request(init.url ?? "http://localhost/api/x", init);
  return (handler as Handler)(req, { params: Promise.resolve(params) });
}

/** Reads an SSE response in the background. */
function read(response: Response) {
  const state = { text: "", ended: false };
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) break;
      state.text += decoder.decode(value);
    }
    state.ended = true;
  })();
  return { state, events: () => state.text.split("\n").filter((line) => line.startsWith("event: ")), cancel: () => reader.cancel().catch(() => undefined) };
}

/** Every route module under app/api, with its path. */
function routeFiles(dir = path.join(process.cwd(), "app/api")): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

/** Routes that are not cookie-authenticated by design: next-auth's own (its CSRF token), the signed webhook, MCP (bearer token). */
const EXEMPT = ["/api/auth/[...nextauth]", "/api/webhooks/github", "/api/mcp"];

describe("H5 request guard", () => {
  it("H5: every state-changing cookie route refuses a cross-site Origin (403) and a text/plain body (415) before it does anything", async () => {
    const owner = await createUser(db.prisma);
    const ws = await createWorkspace(db.prisma, [{ userId: owner.id, role: "owner" }]);
    const { cookie } = await sessionCookie(db.prisma, owner.id);
    const checked: string[] = [];
    for (const file of routeFiles()) {
      const route = path.dirname(path.relative(path.join(process.cwd(), "app"), file)).replace(/^/, "/");
      if (EXEMPT.includes(route)) continue;
      const mod = (await import(file)) as Record<string, unknown>;
      const params = Object.fromEntries([...route.matchAll(/\[(\w+)\]/g)].map(([, name]) => [name!, name === "workspace" ? ws.slug : `missing-${uid()}`]));
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        if (typeof mod[method] !== "function") continue;
        const crossSite = await call(mod[method], params, {
          method,
          headers: { cookie, origin: "https://evil.example", "content-type": "application/json" },
          body: JSON.stringify({ name: "x" }),
        });
        expect(crossSite.status, `${method} ${route} from another origin`).toBe(403);
        const sibling = await call(mod[method], params, { method, headers: { cookie, "sec-fetch-site": "same-site" } });
        expect(sibling.status, `${method} ${route} with Sec-Fetch-Site: same-site`).toBe(403);
        const plain = await call(mod[method], params, { method, headers: { cookie, "content-type": "text/plain", "content-length": "12" }, body: '{"name":"x"}' });
        expect(plain.status, `${method} ${route} with a text/plain body`).toBe(415);
        checked.push(`${method} ${route}`);
      }
    }
    expect(checked.length).toBeGreaterThan(20);
    expect(checked).toEqual(expect.arrayContaining(["POST /api/auth/signup", "POST /api/workspaces", "DELETE /api/workspaces/[workspace]/members/[memberId]"]));
    // Nothing was created by any of them.
    expect(await db.prisma.workspace.count({ where: { memberships: { some: { userId: owner.id } } } })).toBe(1);
  });

  it("H5: a program without Origin or Sec-Fetch-Site may send JSON with its cookie; a same-origin browser request passes too", async () => {
    const owner = await createUser(db.prisma);
    const { cookie } = await sessionCookie(db.prisma, owner.id);
    const body = JSON.stringify({ name: `ws ${uid()}` });
    const program = await call(workspaces.POST, {}, { method: "POST", headers: { cookie, "content-type": "application/json" }, body });
    expect(program.status).toBe(201);
    const browser = await call(workspaces.POST, {}, {
      method: "POST",
      url: "http://gatehouse.test/api/workspaces",
      headers: { cookie, "content-type": "application/json; charset=utf-8", origin: "http://gatehouse.test", host: "gatehouse.test", "sec-fetch-site": "same-origin" },
      body: JSON.stringify({ name: `ws ${uid()}` }),
    });
    expect(browser.status).toBe(201);
  });
});

describe("H5 access changes reach every process", () => {
  it("H5: a member removed by another process: their open room and workspace streams end and carry no later event", async () => {
    const [owner, member] = [await createUser(db.prisma), await createUser(db.prisma)];
    const ws = await createWorkspace(db.prisma, [
      { userId: owner.id, role: "owner" },
      { userId: member.id, role: "member" },
    ]);
    const room = await db.prisma.room.create({ data: { workspaceId: ws.id, name: "r" } });
    const { cookie } = await sessionCookie(db.prisma, member.id);
    const roomStream = read(await call(roomEvents.GET, { workspace: ws.slug, roomId: room.id }, { headers: { cookie } }));
    const wsStream = read(await call(workspaceEvents.GET, { workspace: ws.slug }, { headers: { cookie } }));

    await recordEvent(elsewhere.prisma, { workspaceId: ws.id, roomId: room.id, type: "room.updated", data: { mode: "chat", via: "first" } });
    await expect.poll(() => [roomStream.events().length, wsStream.events().length], { timeout: 10_000 }).toEqual([1, 1]);

    const membership = await db.prisma.membership.findFirstOrThrow({ where: { userId: member.id, workspaceId: ws.id } });
    await removeMember(elsewhere.prisma, { workspaceId: ws.id, userId: owner.id, role: "owner" }, membership.id);
    await expect.poll(() => [roomStream.state.ended, wsStream.state.ended], { timeout: 10_000 }).toEqual([true, true]);

    await recordEvent(elsewhere.prisma, { workspaceId: ws.id, roomId: room.id, type: "room.updated", data: { mode: "chat", via: "second" } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([roomStream.events().length, wsStream.events().length]).toEqual([1, 1]);
    expect((await call(roomEvents.GET, { workspace: ws.slug, roomId: room.id }, { headers: { cookie } })).status).toBe(404);
  });

  it("H5: a role change made by another process ends the stream opened under the old role", async () => {
    const [owner, member] = [await createUser(db.prisma), await createUser(db.prisma)];
    const ws = await createWorkspace(db.prisma, [
      { userId: owner.id, role: "owner" },
      { userId: member.id, role: "member" },
    ]);
    const { cookie } = await sessionCookie(db.prisma, member.id);
    const stream = read(await call(workspaceEvents.GET, { workspace: ws.slug }, { headers: { cookie } }));
    const membership = await db.prisma.membership.findFirstOrThrow({ where: { userId: member.id, workspaceId: ws.id } });
    await changeRole(elsewhere.prisma, { workspaceId: ws.id, userId: owner.id, role: "owner" }, membership.id, { role: "viewer" });
    await expect.poll(() => stream.state.ended, { timeout: 10_000 }).toBe(true);
    // The reconnect is allowed again, as a viewer.
    const again = await call(workspaceEvents.GET, { workspace: ws.slug }, { headers: { cookie } });
    expect(again.status).toBe(200);
    await again.body?.cancel();
  });

  it("H5: a session signed out in another process stops working here at once, not after the cache's bound", async () => {
    const user = await createUser(db.prisma);
    const ws = await createWorkspace(db.prisma, [{ userId: user.id, role: "owner" }]);
    const { cookie, sessionId } = await sessionCookie(db.prisma, user.id);
    const list = () => call(workspaces.GET, {}, { headers: { cookie } }).then((r) => r.status);
    expect(await list()).toBe(200); // now cached as active in this process
    const stream = read(await call(workspaceEvents.GET, { workspace: ws.slug }, { headers: { cookie } }));
    await revokeSession(elsewhere.prisma, sessionId);
    // Well inside SESSION_TTL_MS: it is the notice, not the cache expiring, that ends it.
    await expect.poll(list, { timeout: SESSION_TTL_MS - 2_000, interval: 50 }).toBe(401);
    await expect.poll(() => stream.state.ended, { timeout: 10_000 }).toBe(true);
  });
});

describe("H5 sign-in limits live in the database", () => {
  it("H5: the per-account count survives a restart (a new connection) and holds under parallel guessing", async () => {
    const user = await createUser(db.prisma, `limited-${uid()}`);
    const limits = { windowMs: 60_000, perAccount: 5, perAddress: 100 };
    // Twenty guesses at once from twenty addresses: at most five passwords are ever checked.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => authorizePassword(db.prisma, { email: user.email, password: `guess-${i}`, address: `203.0.113.${i}` }, limits)),
    );
    const checked = results.filter((r) => !r.ok && r.reason === "invalid").length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(results.filter((r) => !r.ok && r.reason === "limited").length).toBe(20 - checked);
    // "After a restart": another process on the same database goes on counting from there —
    // exactly five checked guesses in all, then even the right password waits.
    let more = 0;
    for (let i = 0; i < 10; i++) {
      const next = await authorizePassword(elsewhere.prisma, { email: user.email, password: `more-${i}`, address: "198.51.100.1" }, limits);
      if (!next.ok && next.reason === "limited") break;
      more += 1;
    }
    expect(checked + more).toBe(5);
    const later = await authorizePassword(elsewhere.prisma, { email: user.email, password: "correct horse battery", address: "198.51.100.2" }, limits);
    expect(later).toMatchObject({ ok: false, reason: "limited" });
    expect((later as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
  });

  it("H5: the per-address count covers guesses across many accounts, and the right password still works elsewhere", async () => {
    const user = await createUser(db.prisma, `sprayed-${uid()}`);
    const limits = { windowMs: 60_000, perAccount: 100, perAddress: 4 };
    const address = `198.51.100.${Math.floor(Math.random() * 200)}-${uid()}`;
    for (let i = 0; i < 4; i++) {
      expect(await authorizePassword(db.prisma, { email: `nobody-${uid()}@test.local`, password: "x", address }, limits)).toEqual({ ok: false, reason: "invalid" });
    }
    expect(await authorizePassword(db.prisma, { email: user.email, password: "correct horse battery", address }, limits)).toMatchObject({ reason: "limited" });
    expect(await authorizePassword(db.prisma, { email: user.email, password: "correct horse battery", address: `${address}-other` }, limits)).toMatchObject({ ok: true });
  });
});

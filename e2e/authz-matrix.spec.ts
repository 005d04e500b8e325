/**
 * Every workspace route × {anonymous, non-member, viewer, member, admin}.
 * Anonymous → 401; a non-member → 404 exactly like a workspace that does not
 * exist; viewers read but cannot write (403); members write but cannot manage
 * (403); admins pass authorization everywhere. Bodies of writes are invalid on
 * purpose: authorization is decided before the body is read, so an allowed
 * role gets a 400 and nothing changes.
 */
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { DEMO, signIn, signUp, uniqueUser } from "./support/session";

type Role = "anonymous" | "nonMember" | "viewer" | "member" | "admin";
type Need = "read" | "write" | "manage";

const ROLES: Role[] = ["anonymous", "nonMember", "viewer", "member", "admin"];
const RANK: Record<Role, number> = { anonymous: -2, nonMember: -1, viewer: 0, member: 1, admin: 2 };
const NEED_RANK: Record<Need, number> = { read: 0, write: 1, manage: 2 };

interface RouteCase {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  path: string;
  need: Need;
  body?: unknown;
}

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT ?? "3210"}`;
const clients = new Map<Role, APIRequestContext>();
let routes: RouteCase[] = [];

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  const make = () => playwrightRequest.newContext({ baseURL });
  const owner = await make();
  await signIn(owner, DEMO);
  for (const role of ROLES) {
    const client = await make();
    if (role === "admin" || role === "member" || role === "viewer" || role === "nonMember") {
      const user = uniqueUser(role);
      await signUp(client, user);
      await signIn(client, user);
      if (role !== "nonMember") {
        const added = await owner.post("/api/workspaces/demo/members", { data: { email: user.email, role } });
        expect(added.status(), await added.text()).toBe(201);
      }
    }
    clients.set(role, client);
  }
  const ws = "/api/workspaces/demo";
  const rooms = (await (await owner.get(`${ws}/rooms`)).json()).rooms as { id: string }[];
  const agents = (await (await owner.get(`${ws}/agents`)).json()).agents as { id: string }[];
  const members = (await (await owner.get(`${ws}/members`)).json()).members as { id: string }[];
  const room = rooms[0]!.id;
  routes = [
    { method: "GET", path: ws, need: "read" },
    { method: "GET", path: `${ws}/members`, need: "read" },
    { method: "POST", path: `${ws}/members`, need: "manage", body: { email: "not-an-email" } },
    { method: "PATCH", path: `${ws}/members/${members[0]!.id}`, need: "manage", body: { role: "emperor" } },
    { method: "DELETE", path: `${ws}/members/does-not-exist`, need: "manage" },
    { method: "GET", path: `${ws}/revocations`, need: "manage" },
    { method: "GET", path: `${ws}/repositories`, need: "read" },
    { method: "POST", path: `${ws}/repositories`, need: "manage", body: { name: "" } },
    { method: "GET", path: `${ws}/agents`, need: "read" },
    { method: "POST", path: `${ws}/agents`, need: "manage", body: { name: "" } },
    { method: "PATCH", path: `${ws}/agents/${agents[0]!.id}`, need: "manage", body: { provider: "nonsense" } },
    { method: "GET", path: `${ws}/rooms`, need: "read" },
    { method: "POST", path: `${ws}/rooms`, need: "write", body: { name: "", mode: "review" } },
    { method: "GET", path: `${ws}/rooms/${room}`, need: "read" },
    { method: "PATCH", path: `${ws}/rooms/${room}`, need: "write", body: { mode: "review" } },
    { method: "GET", path: `${ws}/rooms/${room}/capabilities`, need: "read" },
    { method: "POST", path: `${ws}/rooms/${room}/messages`, need: "write", body: { content: "" } },
    { method: "POST", path: `${ws}/rooms/${room}/threads`, need: "write", body: { title: "" } },
    { method: "GET", path: `${ws}/approvals`, need: "read" },
    { method: "POST", path: `${ws}/approvals/not-a-real-id`, need: "write", body: { decision: "maybe" } },
    { method: "POST", path: `${ws}/runs/not-a-real-id/answer`, need: "write", body: { callId: "", answer: "" } },
    { method: "GET", path: `${ws}/rooms/${room}/events?after=not-a-number`, need: "read" },
    { method: "GET", path: `${ws}/events?after=not-a-number`, need: "read" },
    // Plans, orchestrations and proposals. Unknown ids are fine: authorization comes first.
    { method: "GET", path: `${ws}/rooms/${room}/plans`, need: "read" },
    { method: "GET", path: `${ws}/rooms/${room}/plans/not-a-plan`, need: "read" },
    { method: "GET", path: `${ws}/rooms/${room}/plans/not-a-plan/markdown`, need: "read" },
    { method: "POST", path: `${ws}/rooms/${room}/plans/not-a-plan/decision`, need: "write", body: { decision: "perhaps" } },
    { method: "GET", path: `${ws}/rooms/${room}/todos`, need: "read" },
    { method: "POST", path: `${ws}/rooms/${room}/plan-mode`, need: "write", body: { enter: "yes" } },
    { method: "GET", path: `${ws}/rooms/${room}/orchestrations`, need: "read" },
    { method: "POST", path: `${ws}/rooms/${room}/orchestrations/not-an-orchestration/retry`, need: "write" },
    { method: "GET", path: `${ws}/rooms/${room}/proposals`, need: "read" },
    { method: "POST", path: `${ws}/rooms/${room}/proposals/not-a-proposal/approve`, need: "write" },
    { method: "POST", path: `${ws}/rooms/${room}/proposals/not-a-proposal/reject`, need: "write", body: { comment: 7 } },
    { method: "POST", path: `${ws}/rooms/${room}/orchestrations/not-an-orchestration/control`, need: "write", body: { action: "explode" } },
    { method: "POST", path: `${ws}/rooms/${room}/orchestrations/not-an-orchestration/tickets/not-a-ticket/override`, need: "write", body: { reason: "" } },
    { method: "GET", path: `${ws}/projects/not-a-project/usage`, need: "read" },
    // Pull requests and findings.
    { method: "GET", path: `${ws}/pulls`, need: "read" },
    { method: "POST", path: `${ws}/pulls`, need: "write", body: { title: "" } },
    { method: "GET", path: `${ws}/pulls/not-a-pull`, need: "read" },
    { method: "POST", path: `${ws}/pulls/not-a-pull/refresh`, need: "write" },
    { method: "GET", path: `${ws}/pulls/not-a-pull/diff`, need: "read" },
    { method: "GET", path: `${ws}/pulls/not-a-pull/axes/log?axis=tests`, need: "read" },
    { method: "GET", path: `${ws}/pulls/not-a-pull/findings`, need: "read" },
    { method: "POST", path: `${ws}/pulls/not-a-pull/findings`, need: "write", body: { priority: "P9" } },
    { method: "GET", path: `${ws}/pulls/not-a-pull/findings/not-a-finding`, need: "read" },
    { method: "POST", path: `${ws}/pulls/not-a-pull/findings/not-a-finding/confirm`, need: "write" },
    { method: "POST", path: `${ws}/pulls/not-a-pull/findings/not-a-finding/status`, need: "write", body: { action: "explode" } },
    { method: "GET", path: `${ws}/repositories/not-a-repository/branches`, need: "read" },
    { method: "GET", path: `${ws}/runs/not-a-run/changes`, need: "read" },
    { method: "POST", path: `${ws}/pulls/not-a-pull/merge`, need: "write", body: { method: "squash" } },
    { method: "POST", path: `${ws}/pulls/not-a-pull/findings/not-a-finding/apply`, need: "write", body: { headSha: "nope" } },
    { method: "GET", path: `${ws}/pulls/not-a-pull/findings/not-a-finding/replies`, need: "read" },
    { method: "POST", path: `${ws}/pulls/not-a-pull/findings/not-a-finding/replies`, need: "write", body: { body: 7 } },
    { method: "POST", path: `${ws}/pulls/not-a-pull/findings/not-a-finding/fix`, need: "write" },
    { method: "POST", path: `${ws}/pulls/not-a-pull/publish`, need: "write" },
    { method: "POST", path: `${ws}/pulls/not-a-pull/review-requests`, need: "write", body: { userId: 7 } },
    { method: "DELETE", path: `${ws}/pulls/not-a-pull/review-requests/not-a-user`, need: "write" },
    { method: "GET", path: `${ws}/review-settings`, need: "read" },
    { method: "PUT", path: `${ws}/review-settings`, need: "manage", body: { P0: 0 } },
    // Repositories' GitHub publishing and attached MCP servers.
    { method: "GET", path: `${ws}/repositories/not-a-repository/github`, need: "read" },
    { method: "PATCH", path: `${ws}/repositories/not-a-repository/github`, need: "manage", body: { token: 7 } },
    { method: "PATCH", path: `${ws}/repositories/not-a-repository`, need: "manage", body: { name: "" } },
    { method: "GET", path: `${ws}/mcp-servers`, need: "read" },
    { method: "POST", path: `${ws}/mcp-servers`, need: "manage", body: { name: "Bad Name" } },
    { method: "DELETE", path: `${ws}/mcp-servers/not-a-server`, need: "manage" },
    // Declared modes: editing, previewing and importing the policy (G7, G8).
    { method: "GET", path: `${ws}/modes`, need: "read" },
    { method: "PUT", path: `${ws}/modes`, need: "manage", body: { modes: "none" } },
    { method: "POST", path: `${ws}/modes/preview`, need: "manage", body: { modes: "none" } },
    { method: "POST", path: `${ws}/modes/import`, need: "manage", body: { repositoryId: "" } },
    { method: "POST", path: `${ws}/modes/import/preview`, need: "manage", body: { repositoryId: "" } },
  ];
  await owner.dispose();
});

test.afterAll(async () => {
  for (const client of clients.values()) await client.dispose();
});

test("every route answers every role as its permission says", async () => {
  const failures: string[] = [];
  for (const route of routes) {
    for (const role of ROLES) {
      const response = await clients.get(role)!.fetch(route.path, { method: route.method, data: route.body, maxRedirects: 0 });
      const status = response.status();
      const body = await response.text();
      const expected =
        role === "anonymous" ? 401 : role === "nonMember" ? 404 : RANK[role] < NEED_RANK[route.need] ? 403 : "allowed";
      const ok =
        expected === "allowed"
          ? ![401, 403].includes(status) && !(status === 404 && body.includes("workspace was not found")) && status < 500
          : status === expected;
      if (!ok) failures.push(`${route.method} ${route.path} as ${role}: expected ${expected}, got ${status} ${body.slice(0, 160)}`);
      if (role === "nonMember" && status === 404) expect(body).not.toContain("demo@gatehouse.dev");
    }
  }
  expect(failures).toEqual([]);
});

test("a user of another workspace gets 404 for this workspace's room ids, even through their own workspace", async () => {
  const outsider = clients.get("nonMember")!;
  const created = await outsider.post("/api/workspaces", { data: { name: "Elsewhere" } });
  expect(created.status(), await created.text()).toBe(201);
  const { workspace } = await created.json();
  const owner = await playwrightRequest.newContext({ baseURL });
  await signIn(owner, DEMO);
  const rooms = (await (await owner.get("/api/workspaces/demo/rooms")).json()).rooms as { id: string; name: string }[];
  await owner.dispose();
  for (const path of [`rooms/${rooms[0]!.id}`, `rooms/${rooms[0]!.id}/capabilities`, `rooms/${rooms[0]!.id}/events`]) {
    const response = await outsider.get(`/api/workspaces/${workspace.slug}/${path}`);
    expect(response.status(), path).toBe(404);
    expect(await response.text()).not.toContain(rooms[0]!.name);
  }
});

test("personal routes need a session, and the MCP endpoint needs a token", async () => {
  for (const role of ROLES) {
    const status = (await clients.get(role)!.get("/api/me/mcp-tokens")).status();
    expect(status, role).toBe(role === "anonymous" ? 401 : 200);
  }
  const mcp = await clients.get("admin")!.post("/api/mcp", { data: { jsonrpc: "2.0", id: 1, method: "tools/list" } });
  expect(mcp.status()).toBe(401);
});

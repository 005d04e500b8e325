/**
 * H3, H5: a removal or demotion racing the use of a grant. Revoking at the
 * removal is not enough when the use is already under way: an acceptance or
 * an MCP decision that read the creator's authority before the removal, and
 * commits after it, would still act with what he lost. Real PostgreSQL with a
 * second connection: a row lock it holds stops the use in mid-transaction, the
 * removal is started, and the lock is released only once the removal has
 * either finished or is waiting its turn — so each run takes the interleaving
 * that used to go wrong, without relying on timing. The rule checked is what
 * an admin sees: once the removal has returned, nothing more happens with the
 * removed person's authority. (PostgreSQL only: PGlite has one connection, so
 * nothing can interleave there.)
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../lib/auth/permissions";
import type { Database } from "../../lib/db/client";
import type { Prisma } from "../../lib/db/generated/client";
import { acceptInvite } from "../../lib/invites/accept-invite";
import { createInvite } from "../../lib/invites/create-invite";
import { createMcpToken } from "../../lib/mcp/create-mcp-token";
import { handleMcpRequest } from "../../lib/mcp/handle-mcp-request";
import { changeRole } from "../../lib/members/change-role";
import { removeMember } from "../../lib/members/remove-member";
import type { WorkspaceActor } from "../../lib/workspaces/actor";
import { anotherConnection, testDatabase } from "../support/db";
import { createRoom, createUser, createWorkspace, uid } from "../support/factories";
import { waitFor } from "../support/plan-fixtures";

let db: Database;
let other: Database;
beforeAll(async () => {
  db = await testDatabase();
  other = await anotherConnection();
});
afterAll(async () => {
  await other.close();
});

async function team(roles: Record<string, Role>) {
  const { prisma } = db;
  const people = Object.fromEntries(await Promise.all(Object.keys(roles).map(async (name) => [name, await createUser(prisma, `${name}-${uid()}`)] as const)));
  const workspace = await createWorkspace(prisma, Object.entries(roles).map(([name, role]) => ({ userId: people[name]!.id, role })));
  const membershipOf = (name: string) => prisma.membership.findFirstOrThrow({ where: { workspaceId: workspace.id, userId: people[name]!.id } });
  const actor = async (name: string): Promise<WorkspaceActor> => ({ workspaceId: workspace.id, userId: people[name]!.id, role: (await membershipOf(name)).role });
  const members = async () => (await prisma.membership.findMany({ where: { workspaceId: workspace.id }, select: { userId: true, role: true } })).sort((a, b) => a.userId.localeCompare(b.userId));
  return { prisma, workspace, people, actor, membershipOf, members };
}

/** Backends of this test's database waiting for a lock. */
async function waitingOnLocks(): Promise<number> {
  const [row] = await other.prisma.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
  return row!.n;
}

/** Holds a row lock on the second connection until `release` (so a use stops where it needs that row). */
async function holdLock(lock: (tx: Prisma.TransactionClient) => Promise<unknown>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const holding = new Promise<void>((resolve) => (locked = resolve));
  const done = other.prisma.$transaction(
    async (tx) => {
      await lock(tx);
      locked();
      await released;
    },
    { timeout: 120_000, maxWait: 60_000 },
  );
  await holding;
  return async () => {
    release();
    await done;
  };
}

/**
 * The interleaving: `use` starts and stops on the held lock; `change` (a
 * removal or demotion) starts; once it has returned — or waits its turn behind
 * the use — the lock goes. Returns what `observe` saw when the change returned
 * and what it sees at the end, with how the use ended.
 */
async function raceChangeAgainstUse<T>(options: { hold: (tx: Prisma.TransactionClient) => Promise<unknown>; use: () => Promise<unknown>; change: () => Promise<unknown>; observe: () => Promise<T> }) {
  const release = await holdLock(options.hold);
  const use = options.use().then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  await waitFor("the use to stop on the held lock", async () => (await waitingOnLocks()) >= 1);
  let changed = false;
  let whenChanged: T | undefined;
  const change = options.change().then(async () => {
    changed = true;
    whenChanged = await options.observe();
  });
  await waitFor("the change to return or to wait its turn", async () => changed || (await waitingOnLocks()) >= 2);
  await release();
  const [used] = await Promise.all([use, change]);
  return { whenChanged: whenChanged as T, atTheEnd: await options.observe(), used };
}

const MCP_URL = new URL("http://gatehouse.test/api/mcp");

/** A real MCP client on a personal token, against the app's handler. */
async function mcpAs(userId: string) {
  const { secret } = await createMcpToken(db.prisma, userId, { name: `laptop-${uid()}` });
  const transport = new StreamableHTTPClientTransport(MCP_URL, {
    requestInit: { headers: { authorization: `Bearer ${secret}` } },
    fetch: (input, init) => handleMcpRequest(db.prisma, new Request(input, init)),
  });
  const client = new Client({ name: "h3-test", version: "1.0.0" });
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: { type: string; text: string }[] };
    return { isError: Boolean(result.isError), text: result.content.map((c) => c.text).join("\n") };
  };
  return { call, close: () => client.close() };
}

async function pendingApproval(workspaceId: string) {
  const room = await createRoom(db.prisma, { workspaceId });
  return db.prisma.approval.create({ data: { workspaceId, roomId: room.id, kind: "tool_call", summary: `write_file ${uid()}.ts` } });
}

describe("H3: a removal racing an invite acceptance", () => {
  it("H3: an acceptance in flight when its creator's removal lands never admits anyone after the removal returned; under parallel load every invite is either accepted before its creator left or refused and revoked", async () => {
    const t = await team({ owner: "owner", sam: "admin" });
    const samAgain = await createUser(t.prisma, `sam-alt-${uid()}`);
    const link = await createInvite(t.prisma, await t.actor("sam"), { role: "admin" });
    const raced = await raceChangeAgainstUse({
      // Holding the invite's row stops the acceptance where it claims the invite.
      hold: (tx) => tx.$queryRaw`SELECT "id" FROM "Invite" WHERE "id" = ${link.invite.id} FOR UPDATE`,
      use: () => acceptInvite(t.prisma, samAgain, { token: link.token }),
      change: async () => removeMember(t.prisma, await t.actor("owner"), (await t.membershipOf("sam")).id),
      observe: t.members,
    });
    expect(raced.atTheEnd).toEqual(raced.whenChanged);
    expect(raced.atTheEnd.some((m) => m.userId === t.people.sam!.id)).toBe(false);

    // Parallel load: six admins are removed while their invites are accepted, over two connections.
    const load = await team({ owner: "owner", a0: "admin", a1: "admin", a2: "admin", a3: "admin", a4: "admin", a5: "admin" });
    const admins = ["a0", "a1", "a2", "a3", "a4", "a5"];
    const rounds = await Promise.all(
      admins.map(async (name) => ({
        name,
        invite: await createInvite(load.prisma, await load.actor(name), { role: "admin" }),
        invitee: await createUser(load.prisma, `invitee-${uid()}`),
        membership: await load.membershipOf(name),
      })),
    );
    const ownerActor = await load.actor("owner");
    const memberAfterRemoval = new Map<string, boolean>();
    const removals = rounds.map((round, i) =>
      removeMember(i % 2 ? other.prisma : load.prisma, ownerActor, round.membership.id).then(async () => {
        memberAfterRemoval.set(round.name, (await load.prisma.membership.count({ where: { workspaceId: load.workspace.id, userId: round.invitee.id } })) === 1);
      }),
    );
    const acceptances = rounds.map((round, i) =>
      acceptInvite(i % 2 ? load.prisma : other.prisma, round.invitee, { token: round.invite.token }).then(
        () => null,
        (error: { code?: string; message?: string }) => error,
      ),
    );
    const [refusals] = await Promise.all([Promise.all(acceptances), Promise.all(removals)]);
    const revokedRecords = (await load.prisma.auditEvent.findMany({ where: { workspaceId: load.workspace.id, action: "grant.revoked", targetType: "invite" }, select: { targetId: true } })).map((r) => r.targetId);
    for (const [i, round] of rounds.entries()) {
      const refusal = refusals[i];
      const invite = await load.prisma.invite.findUniqueOrThrow({ where: { id: round.invite.invite.id } });
      const member = await load.prisma.membership.findFirst({ where: { workspaceId: load.workspace.id, userId: round.invitee.id } });
      if (!refusal) {
        // Accepted before the removal: the admin saw the newcomer when the removal returned, and nothing was revoked.
        expect(member).toMatchObject({ role: "admin" });
        expect(invite).toMatchObject({ acceptedById: round.invitee.id, revokedAt: null });
        expect(memberAfterRemoval.get(round.name)).toBe(true);
        expect(revokedRecords).not.toContain(invite.id);
      } else {
        // The removal first: refused with the reason, nothing written, the invite revoked and recorded.
        expect(refusal).toMatchObject({ code: "forbidden", message: expect.stringMatching(/person who made it can no longer/) });
        expect(member).toBeNull();
        expect(invite).toMatchObject({ acceptedAt: null, revokedAt: expect.any(Date) });
        expect(revokedRecords).toContain(invite.id);
      }
    }
    expect((await load.members()).filter((m) => m.role === "admin")).toHaveLength(refusals.filter((r) => r === null).length);
  });
});

describe("H5: a removal or demotion racing a decision made with a personal MCP token", () => {
  it("H5: a removed member's MCP decision in flight when the removal lands counts only if it came first, and afterwards his token reaches nothing of the workspace", async () => {
    const t = await team({ owner: "owner", sam: "member" });
    const sam = await mcpAs(t.people.sam!.id);
    const approval = await pendingApproval(t.workspace.id);
    const status = async () => (await t.prisma.approval.findUniqueOrThrow({ where: { id: approval.id } })).status;
    const raced = await raceChangeAgainstUse({
      // Holding the approval row stops the decision where it records the decision.
      hold: (tx) => tx.$queryRaw`SELECT "id" FROM "Approval" WHERE "id" = ${approval.id} FOR UPDATE`,
      use: () => sam.call("decide_approval", { approvalId: approval.id, decision: "approve" }),
      change: async () => removeMember(t.prisma, await t.actor("owner"), (await t.membershipOf("sam")).id),
      observe: status,
    });
    expect(raced.atTheEnd).toBe(raced.whenChanged);

    // Removed: the token lists nothing of the workspace and decides nothing there.
    const next = await pendingApproval(t.workspace.id);
    const listed = await sam.call("list_approvals", {});
    expect(JSON.parse(listed.text)).toMatchObject({ count: 0, approvals: [] });
    const refused = await sam.call("decide_approval", { approvalId: next.id, decision: "approve" });
    expect(refused).toMatchObject({ isError: true, text: expect.stringMatching(/not found/) });
    expect((await t.prisma.approval.findUniqueOrThrow({ where: { id: next.id } })).status).toBe("pending");
    await sam.close();
  });

  it("H5: an owner demoted to viewer while her MCP decision is in flight never decides as the owner she no longer is; afterwards her token acts as a viewer", async () => {
    const t = await team({ owner: "owner", olga: "owner" });
    const olga = await mcpAs(t.people.olga!.id);
    const approval = await pendingApproval(t.workspace.id);
    const status = async () => (await t.prisma.approval.findUniqueOrThrow({ where: { id: approval.id } })).status;
    const raced = await raceChangeAgainstUse({
      hold: (tx) => tx.$queryRaw`SELECT "id" FROM "Approval" WHERE "id" = ${approval.id} FOR UPDATE`,
      use: () => olga.call("decide_approval", { approvalId: approval.id, decision: "approve" }),
      change: async () => changeRole(t.prisma, await t.actor("owner"), (await t.membershipOf("olga")).id, { role: "viewer" }),
      observe: status,
    });
    expect(raced.atTheEnd).toBe(raced.whenChanged);

    const next = await pendingApproval(t.workspace.id);
    const listed = JSON.parse((await olga.call("list_approvals", {})).text) as { approvals: { id: string; decidable: boolean; why?: string }[] };
    expect(listed.approvals.find((a) => a.id === next.id)).toMatchObject({ decidable: false, why: "as a viewer you cannot decide approvals" });
    const refused = await olga.call("decide_approval", { approvalId: next.id, decision: "approve" });
    expect(refused).toMatchObject({ isError: true, text: expect.stringMatching(/As a viewer you cannot decide approvals/) });
    expect((await t.prisma.approval.findUniqueOrThrow({ where: { id: next.id } })).status).toBe("pending");
    await olga.close();
  });
});

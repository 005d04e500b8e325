/**
 * H3, H5: no grant outlives the authority of the person who gave it. The
 * attack, as reported: a removed admin's invite link made him admin again, and
 * after he was demoted to viewer his second link made another of his accounts
 * admin. The class: everything a person made or set that grants access or
 * carries a credential — invite links and email invites, the outgoing webhook,
 * a repository's webhook secret and GitHub token, attached MCP servers — lasts
 * only while, and only as far as, its creator still holds the role it needs;
 * it ends when they are removed or demoted, is checked again when it is used,
 * and what ended is listed for the admins. Real PostgreSQL (and PGlite), real
 * git repositories, real HTTP receivers, the route handlers with real session
 * cookies. (Races between a removal and a use: tests/db/h3-h5-grant-races.test.ts.)
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createAgent } from "../../lib/agents/create-agent";
import type { Role } from "../../lib/auth/permissions";
import type { Database } from "../../lib/db/client";
import type { PrismaClient } from "../../lib/db/generated/client";
import { serveGitOverHttp, type GitHttpServer } from "../../lib/repos/git-http.test-support";
import { gitSync } from "../../lib/repos/git.test-support";
import { receiveGithubWebhook } from "../../lib/github/receive-github-webhook";
import { signPayload } from "../../lib/github/verify-signature";
import { acceptInvite, peekInvite } from "../../lib/invites/accept-invite";
import { createInvite } from "../../lib/invites/create-invite";
import { hashInviteToken } from "../../lib/invites/invite-token";
import { listPendingInvites } from "../../lib/invites/list-invites";
import { attachMcpServer } from "../../lib/mcp-client/attach-mcp-server";
import { listMcpServers } from "../../lib/mcp-client/list-mcp-servers";
import { changeRole } from "../../lib/members/change-role";
import { removeMember } from "../../lib/members/remove-member";
import { deliverWebhooks } from "../../lib/outgoing-webhooks/deliver-webhooks";
import { getWorkspaceWebhook, setWorkspaceWebhook } from "../../lib/outgoing-webhooks/set-workspace-webhook";
import { webhookFetch } from "../../lib/outgoing-webhooks/webhook-network";
import { listRepositories } from "../../lib/repositories/list-repositories";
import { registerRepository } from "../../lib/repositories/register-repository";
import { setGithubPublishing } from "../../lib/repositories/set-github-publishing";
import type { WorkspaceActor } from "../../lib/workspaces/actor";
import { testDatabase } from "../support/db";
import { createUser, createWorkspace, sessionCookie, uid } from "../support/factories";
import { pullDelivery } from "../support/github-deliveries";
import { makeRepo, useDataDir } from "../support/reviews";
import { startWebhookReceiver } from "../support/webhook-receiver";

let db: Database;
let data: Awaited<ReturnType<typeof useDataDir>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let git: GitHttpServer;
let remoteUrl: string;
beforeAll(async () => {
  db = await testDatabase();
  data = await useDataDir();
  receiver = await startWebhookReceiver();
  // The repositories' remote: a bare repository over real HTTP, allowed as the operator would.
  const upstream = await makeRepo(data.root, "upstream", { "a.txt": "a\n" });
  gitSync(data.root, ["clone", "-q", "--bare", upstream, path.join(data.root, "served", "remote.git")]);
  git = await serveGitOverHttp(path.join(data.root, "served"));
  remoteUrl = `${git.origin}/remote.git`;
  // Route handlers open the process-wide database; hand them this test's.
  (globalThis as { gatehouseDb?: Promise<Database> }).gatehouseDb = Promise.resolve(db);
});
afterAll(async () => {
  delete (globalThis as { gatehouseDb?: unknown }).gatehouseDb;
  await receiver.close();
  await git.close();
  await data.cleanup();
});
afterEach(() => vi.unstubAllEnvs());

/** A workspace with one person per role asked for; `actor(p)` acts as them with the role they hold now. */
async function team(roles: Record<string, Role>) {
  const { prisma } = db;
  const people = Object.fromEntries(await Promise.all(Object.keys(roles).map(async (name) => [name, await createUser(prisma, `${name}-${uid()}`)] as const)));
  const workspace = await createWorkspace(prisma, Object.entries(roles).map(([name, role]) => ({ userId: people[name]!.id, role })));
  const membershipOf = (name: string) => prisma.membership.findFirstOrThrow({ where: { workspaceId: workspace.id, userId: people[name]!.id } });
  const actor = async (name: string): Promise<WorkspaceActor> => ({ workspaceId: workspace.id, userId: people[name]!.id, role: (await membershipOf(name)).role });
  const remove = async (by: string, name: string) => removeMember(prisma, await actor(by), (await membershipOf(name)).id);
  const demote = async (by: string, name: string, role: Role) => changeRole(prisma, await actor(by), (await membershipOf(name)).id, { role });
  const members = async () => (await prisma.membership.findMany({ where: { workspaceId: workspace.id }, select: { userId: true, role: true } })).sort((a, b) => a.userId.localeCompare(b.userId));
  return { prisma, workspace, people, actor, remove, demote, members, membershipOf };
}

/** Accepting as `user` is refused because the creator can no longer give `role`, and nothing was written. */
async function refusedForCreator(prisma: PrismaClient, user: { id: string; email: string }, token: string, role: Role, workspaceId: string) {
  const before = await prisma.membership.count({ where: { workspaceId } });
  await expect(acceptInvite(prisma, user, { token })).rejects.toMatchObject({
    code: "forbidden",
    message: expect.stringMatching(new RegExp(`the person who made it can no longer make anyone an? ${role}.*Ask one of its admins for a new invite`)),
  });
  expect(await prisma.membership.count({ where: { workspaceId } })).toBe(before);
  expect(await prisma.membership.findFirst({ where: { workspaceId, userId: user.id } })).toBeNull();
  expect(await prisma.invite.findUniqueOrThrow({ where: { tokenHash: hashInviteToken(token) } })).toMatchObject({ acceptedAt: null, acceptedById: null });
  expect(await peekInvite(prisma, token)).toBeNull();
}

/** A GitHub pull_request delivery for `fullName`, signed with `secret`, as the webhook route hands it over. */
function githubDelivery(fullName: string, secret: string) {
  const sha = "a".repeat(40);
  const payload = pullDelivery("opened", { fullName, number: 7, title: "Planted", head: { ref: "evil", sha }, base: { ref: "main", sha: "b".repeat(40) }, updatedAt: new Date().toISOString() });
  const body = new TextEncoder().encode(JSON.stringify(payload));
  return { event: "pull_request", deliveryId: randomUUID(), contentType: "application/json", signature: signPayload(body, secret), body };
}

describe("H3: invites end with their creator's authority", () => {
  it("H3: a removed admin's invite link and email invite admit nobody after his removal: refused with the reason, nothing written, no longer pending", async () => {
    const t = await team({ owner: "owner", sam: "admin" });
    const samAgain = await createUser(t.prisma, `sam-alt-${uid()}`);
    const link = await createInvite(t.prisma, await t.actor("sam"), { role: "admin" });
    const bound = await createInvite(t.prisma, await t.actor("sam"), { email: samAgain.email, role: "member" });
    const ownersOwn = await createInvite(t.prisma, await t.actor("owner"), { role: "member" });
    expect(await listPendingInvites(t.prisma, t.workspace.id)).toHaveLength(3);

    await t.remove("owner", "sam");

    // His pending invites are revoked with him; the owner's is untouched.
    expect((await listPendingInvites(t.prisma, t.workspace.id)).map((i) => i.id)).toEqual([ownersOwn.invite.id]);
    const members = await t.members();
    await refusedForCreator(t.prisma, samAgain, link.token, "admin", t.workspace.id);
    await refusedForCreator(t.prisma, samAgain, bound.token, "member", t.workspace.id);
    expect(await t.members()).toEqual(members);
    // Another admin's invite still admits.
    await acceptInvite(t.prisma, samAgain, { token: ownersOwn.token });
    expect(await t.prisma.membership.findFirst({ where: { workspaceId: t.workspace.id, userId: samAgain.id } })).toMatchObject({ role: "member" });
  });

  it("H3: an admin demoted to viewer: his email-bound admin invite and his viewer link are both refused (a viewer grants nothing); an owner demoted to admin loses his owner invite and keeps his admin invite", async () => {
    const t = await team({ owner: "owner", olga: "owner", sam: "admin" });
    const [samAgain, stranger, newcomer] = await Promise.all([1, 2, 3].map(() => createUser(t.prisma)));
    const adminInvite = await createInvite(t.prisma, await t.actor("sam"), { email: samAgain!.email, role: "admin" });
    const viewerLink = await createInvite(t.prisma, await t.actor("sam"), { role: "viewer" });
    const ownerLink = await createInvite(t.prisma, await t.actor("olga"), { role: "owner" });
    const olgasAdmin = await createInvite(t.prisma, await t.actor("olga"), { role: "admin" });

    await t.demote("owner", "sam", "viewer");
    await t.demote("owner", "olga", "admin");

    expect((await listPendingInvites(t.prisma, t.workspace.id)).map((i) => i.id)).toEqual([olgasAdmin.invite.id]);
    await refusedForCreator(t.prisma, samAgain!, adminInvite.token, "admin", t.workspace.id);
    await refusedForCreator(t.prisma, stranger!, viewerLink.token, "viewer", t.workspace.id);
    await refusedForCreator(t.prisma, stranger!, ownerLink.token, "owner", t.workspace.id);
    // Capped, not voided: what olga may still grant still works.
    await acceptInvite(t.prisma, newcomer!, { token: olgasAdmin.token });
    expect(await t.prisma.membership.findFirst({ where: { workspaceId: t.workspace.id, userId: newcomer!.id } })).toMatchObject({ role: "admin" });
  });
});

describe("H3: configuration ends with its setter's authority", () => {
  /** sam (admin) sets everything that carries a credential or reaches out; the owner sets her own beside it. */
  async function configuredBySam() {
    const t = await team({ owner: "owner", sam: "admin", ada: "admin" });
    vi.stubEnv("GATEHOUSE_ALLOWED_WEBHOOK_HOSTS", `127.0.0.1:${receiver.port}`);
    vi.stubEnv("GATEHOUSE_ALLOWED_WEB_HOSTS", `127.0.0.1:${receiver.port}`);
    vi.stubEnv("GATEHOUSE_ALLOWED_GIT_HOSTS", git.hostPort);
    const names = { sams: `acme/sams-${uid()}`, owners: `acme/owners-${uid()}`, adas: `acme/adas-${uid()}` };
    const register = async (who: string, fullName: string, webhookSecret: string) =>
      registerRepository(t.prisma, await t.actor(who), { name: fullName.split("/")[1]!, remoteUrl, githubFullName: fullName, webhookSecret });
    const secrets = { sams: `sams-secret-${uid()}-long`, owners: `owners-secret-${uid()}-long`, adas: `adas-secret-${uid()}-long` };
    const samsRepo = await register("sam", names.sams, secrets.sams);
    const ownersRepo = await register("owner", names.owners, secrets.owners);
    const adasRepo = await register("ada", names.adas, secrets.adas);
    await setGithubPublishing(t.prisma, await t.actor("sam"), samsRepo.id, { token: `ghp_${"s".repeat(36)}` });
    await setGithubPublishing(t.prisma, await t.actor("owner"), ownersRepo.id, { token: `ghp_${"o".repeat(36)}` });
    await setGithubPublishing(t.prisma, await t.actor("ada"), adasRepo.id, { token: `ghp_${"a".repeat(36)}` });
    await setWorkspaceWebhook(t.prisma, await t.actor("sam"), { url: receiver.url(`/sams-${uid()}`) });
    await attachMcpServer(t.prisma, await t.actor("sam"), { name: "samsnotes", url: receiver.url("/mcp?key=sams-key"), tools: { find: { tier: "read", effects: [] } } });
    await attachMcpServer(t.prisma, await t.actor("owner"), { name: "notes", url: receiver.url("/mcp"), tools: { find: { tier: "read", effects: [] } } });
    // Before anything changes, every one of them works.
    for (const [key, fullName] of Object.entries(names)) {
      expect(await receiveGithubWebhook(t.prisma, githubDelivery(fullName, secrets[key as keyof typeof secrets]))).toMatchObject({ status: "queued" });
    }
    expect((await listMcpServers(t.prisma, t.workspace.id)).map((s) => s.name)).toEqual(["notes", "samsnotes"]);
    const sendsWebhook = async () => {
      await t.prisma.runEvent.create({ data: { workspaceId: t.workspace.id, type: "approval.requested", data: { approvalId: `ap-${uid()}`, kind: "tool_call", summary: "write_file a.ts" } } });
      return deliverWebhooks(t.prisma, webhookFetch(), { workspaceId: t.workspace.id, origin: "https://gatehouse.example" });
    };
    expect(await sendsWebhook()).toBe(1);
    return { ...t, names, secrets, repos: { sams: samsRepo, owners: ownersRepo, adas: adasRepo }, sendsWebhook };
  }

  it("H3: removing an admin ends what he set — GitHub deliveries signed with his secret are refused, his token is gone, his outgoing webhook sends nothing, his MCP server leaves the registry — and demoting one to member ends hers; what others set keeps working", async () => {
    const t = await configuredBySam();
    const sent = receiver.received.length;

    await t.remove("owner", "sam");
    await t.demote("owner", "ada", "member");

    await expect(receiveGithubWebhook(t.prisma, githubDelivery(t.names.sams, t.secrets.sams))).rejects.toMatchObject({ code: "unauthorized" });
    await expect(receiveGithubWebhook(t.prisma, githubDelivery(t.names.adas, t.secrets.adas))).rejects.toMatchObject({ code: "unauthorized" });
    expect(await receiveGithubWebhook(t.prisma, githubDelivery(t.names.owners, t.secrets.owners))).toMatchObject({ status: "queued" });
    const repos = Object.fromEntries((await listRepositories(t.prisma, t.workspace.id)).map((r) => [r.id, r]));
    expect(repos[t.repos.sams.id]).toMatchObject({ hasWebhookSecret: false, githubToken: { set: false } });
    expect(repos[t.repos.adas.id]).toMatchObject({ hasWebhookSecret: false, githubToken: { set: false } });
    expect(repos[t.repos.owners.id]).toMatchObject({ hasWebhookSecret: true, githubToken: { set: true, last4: "oooo" } });
    expect(await t.sendsWebhook()).toBe(0);
    expect(receiver.received.length).toBe(sent);
    expect((await getWorkspaceWebhook(t.prisma, t.workspace.id)).url).toBeNull();
    expect((await listMcpServers(t.prisma, t.workspace.id)).map((s) => s.name)).toEqual(["notes"]);

    // An admin sets a new secret: it is the workspace's again, recorded as hers.
    const fresh = `fresh-secret-${uid()}-long`;
    await setGithubPublishing(t.prisma, await t.actor("owner"), t.repos.sams.id, { webhookSecret: fresh });
    expect(await receiveGithubWebhook(t.prisma, githubDelivery(t.names.sams, fresh))).toMatchObject({ status: "queued" });
  });

  it("H3: checked where it is used too — when a setter's membership ends by a path that revoked nothing, his secret, webhook, MCP server and invite stop working at once", async () => {
    const t = await configuredBySam();
    const link = await createInvite(t.prisma, await t.actor("sam"), { role: "admin" });
    const sent = receiver.received.length;
    // Not through removeMember: nothing was revoked, only his authority is gone.
    await t.prisma.membership.delete({ where: { id: (await t.membershipOf("sam")).id } });

    await expect(receiveGithubWebhook(t.prisma, githubDelivery(t.names.sams, t.secrets.sams))).rejects.toMatchObject({ code: "unauthorized" });
    expect(await t.sendsWebhook()).toBe(0);
    expect(receiver.received.length).toBe(sent);
    expect((await listMcpServers(t.prisma, t.workspace.id)).map((s) => s.name)).toEqual(["notes"]);
    await refusedForCreator(t.prisma, await createUser(t.prisma), link.token, "admin", t.workspace.id);
  });
});

describe("H3: the admins see what was revoked", () => {
  it("H3: GET …/revocations lists what ended, whose it was, by whom and why; members get 403 and other workspaces 404", async () => {
    const t = await team({ owner: "owner", sam: "admin", mia: "member" });
    const outsider = await createUser(t.prisma);
    await createInvite(t.prisma, await t.actor("sam"), { role: "admin" });
    await createInvite(t.prisma, await t.actor("sam"), { email: "friend@sam.test", role: "viewer" });
    await t.prisma.mcpToken.create({ data: { userId: t.people.sam!.id, name: "laptop", tokenHash: `hash-${uid()}` } });
    vi.stubEnv("GATEHOUSE_ALLOWED_MODEL_HOSTS", "127.0.0.1:11434");
    const agent = await createAgent(t.prisma, await t.actor("sam"), { name: `local-${uid()}`, provider: "openai_compatible", model: "llama3.1", baseUrl: "http://127.0.0.1:11434/v1?team=sams", apiKey: "sk-sams-own-key" });
    await t.demote("owner", "sam", "member");
    await t.remove("owner", "sam");

    const route = await import("../../app/api/workspaces/[workspace]/revocations/route");
    const get = async (userId: string) => {
      const { cookie } = await sessionCookie(t.prisma, userId);
      const res = await route.GET(new Request(`http://localhost/api/workspaces/${t.workspace.slug}/revocations`, { headers: { cookie } }), { params: Promise.resolve({ workspace: t.workspace.slug }) });
      return { status: res.status, body: (await res.json()) as { revocations?: Record<string, unknown>[] } };
    };
    const asOwner = await get(t.people.owner!.id);
    expect(asOwner.status).toBe(200);
    const sam = { name: t.people.sam!.name, email: t.people.sam!.email };
    const owner = { name: t.people.owner!.name, email: t.people.owner!.email };
    const [newest, ...earlier] = asOwner.body.revocations!;
    // Newest first: the removal ended the token's reach; the demotion before it revoked both invites and capped the token.
    expect(newest).toMatchObject({ effect: "revoked", kind: "mcp_tokens", what: "1 personal MCP token: they no longer reach this workspace", holder: sam, by: owner, why: `${sam.name} was removed from the workspace` });
    expect(earlier).toHaveLength(4);
    expect(earlier).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ effect: "revoked", kind: "invite", what: "Invite link for anyone as an admin", holder: sam, by: owner, why: `${sam.name} was changed from admin to member`, remedy: expect.stringMatching(/Invite them again/) }),
        expect.objectContaining({ effect: "revoked", kind: "invite", what: "Invite for friend@sam.test as a viewer", holder: sam, by: owner, why: `${sam.name} was changed from admin to member` }),
        expect.objectContaining({ effect: "capped", kind: "mcp_tokens", what: "1 personal MCP token: they act as a member from now on", holder: sam, by: owner }),
        // Kept (the agent goes on working) but flagged, once, without what its URL carried besides.
        expect.objectContaining({ effect: "kept", kind: "agent_endpoint", what: `Agent ${agent.name}'s model endpoint http://127.0.0.1:11434/v1 and key`, holder: sam, by: owner, remedy: expect.stringMatching(/Settings → Agents/) }),
      ]),
    );
    expect(await t.prisma.agent.findUniqueOrThrow({ where: { id: agent.id } })).toMatchObject({ baseUrl: "http://127.0.0.1:11434/v1?team=sams", apiKey: "sk-sams-own-key" });
    expect((await get(t.people.mia!.id)).status).toBe(403);
    expect((await get(outsider.id)).status).toBe(404);
  });
});

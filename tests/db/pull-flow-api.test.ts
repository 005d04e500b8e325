/**
 * The pull-request flow over HTTP, through the route handlers with real
 * Requests and session cookies: the branch listing for the dialog (from
 * Gatehouse's mirror, membership-checked, room branches named), merge and
 * apply-suggestion as problem answers (400/403/404/409), and the list's
 * honest verdict (R5, R8: a ship beside a failing check carries its caveats).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as branches from "../../app/api/workspaces/[workspace]/repositories/[repositoryId]/branches/route";
import * as pulls from "../../app/api/workspaces/[workspace]/pulls/route";
import * as merge from "../../app/api/workspaces/[workspace]/pulls/[pullId]/merge/route";
import * as apply from "../../app/api/workspaces/[workspace]/pulls/[pullId]/findings/[findingId]/apply/route";
import type { Database } from "../../lib/db/client";
import { createRoom } from "../../lib/rooms/create-room";
import { testDatabase } from "../support/db";
import { createAgent, createUser, createWorkspace, sessionCookie } from "../support/factories";
import { checkout, commitFiles, makeRepo, useDataDir } from "../support/reviews";

let data: Awaited<ReturnType<typeof useDataDir>>;
let db: Database;
beforeAll(async () => {
  data = await useDataDir();
  db = await testDatabase();
  (globalThis as { gatehouseDb?: Promise<Database> }).gatehouseDb = Promise.resolve(db);
});
afterAll(async () => {
  delete (globalThis as { gatehouseDb?: unknown }).gatehouseDb;
  await data.cleanup();
});

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function as(userId: string | null) {
  const cookie = userId ? (await sessionCookie(db.prisma, userId)).cookie : "";
  return async (handler: unknown, params: Record<string, string>, init: { method?: string; body?: unknown } = {}) => {
    const req = new Request("http://localhost/api/x", {
      method: init.method ?? "GET",
      headers: { cookie, "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const res = await (handler as Handler)(req, { params: Promise.resolve(params) });
    return { status: res.status, json: (await res.json()) as Record<string, any> };
  };
}

describe("pull-request flow API", () => {
  it("the branch picker's listing comes from the mirror: default branch first, room branches named after their room; viewers read, other workspaces get 404", async () => {
    const { prisma } = db;
    const [dana, vic, eve] = [await createUser(prisma), await createUser(prisma), await createUser(prisma)];
    const workspace = await createWorkspace(prisma, [
      { userId: dana.id, role: "member" },
      { userId: vic.id, role: "viewer" },
    ]);
    const elsewhere = await createWorkspace(prisma, [{ userId: eve.id, role: "owner" }]);
    const repo = await makeRepo(data.root, `branches-${workspace.slug}`, { "a.txt": "a\n" });
    checkout(repo, "feature/x", true);
    await commitFiles(repo, { "a.txt": "b\n" }, "Newest commit");
    checkout(repo, "main");
    const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "branches", path: repo } });
    const agent = await createAgent(prisma, workspace.id, { scenarios: [] });
    const room = await createRoom(prisma, { workspaceId: workspace.id, userId: dana.id }, { name: "Cap discounts", mode: "chat", autonomy: "auto", repositoryId: repository.id, agentId: agent.id });

    const params = { workspace: workspace.slug, repositoryId: repository.id };
    const listed = await (await as(vic.id))(branches.GET, params);
    expect(listed.status).toBe(200);
    expect(listed.json.defaultBranch).toBe("main");
    expect(listed.json.branches[0]).toMatchObject({ name: "main", isDefault: true });
    expect(listed.json.branches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "feature/x", subject: "Newest commit", isDefault: false, room: null }),
        expect.objectContaining({ name: room.branch, room: { id: room.id, name: "Cap discounts" } }),
      ]),
    );
    expect((await (await as(eve.id))(branches.GET, params)).status).toBe(404);
    expect((await (await as(eve.id))(branches.GET, { workspace: elsewhere.slug, repositoryId: repository.id })).status).toBe(404);
    expect((await (await as(null))(branches.GET, params)).status).toBe(401);
  });

  it("R8: merge and apply-suggestion answer with problems a person can act on; the list shows a ship beside a failing check with its caveat", async () => {
    const { prisma } = db;
    const [dana, vic, eve] = [await createUser(prisma), await createUser(prisma), await createUser(prisma)];
    const workspace = await createWorkspace(prisma, [
      { userId: dana.id, role: "member" },
      { userId: vic.id, role: "viewer" },
    ]);
    const elsewhere = await createWorkspace(prisma, [{ userId: eve.id, role: "owner" }]);
    const repo = await makeRepo(data.root, `flow-${workspace.slug}`, { "a.txt": "one\ntwo\n" });
    checkout(repo, "feature", true);
    await commitFiles(repo, { "a.txt": "one\nTWO\n" }, "Shout");
    checkout(repo, "main");
    const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "flow", path: repo } });
    const agent = await createAgent(prisma, workspace.id, { scenarios: [] });
    const [asDana, asVic, asEve] = [await as(dana.id), await as(vic.id), await as(eve.id)];
    const opened = await asDana(pulls.POST, { workspace: workspace.slug }, { method: "POST", body: { repositoryId: repository.id, baseRef: "main", headRef: "feature", title: "Shout", agentId: agent.id } });
    expect(opened.status).toBe(201);
    await prisma.job.deleteMany({});
    const pullId = opened.json.pullRequest.id as string;
    const headSha = opened.json.pullRequest.headSha as string;
    const p = { workspace: workspace.slug, pullId };

    // Ship at the head, beside a report-only check that failed.
    await prisma.review.create({
      data: {
        pullRequestId: pullId, roomId: opened.json.room.id, headSha, verdict: "ship",
        explanation: { rules: [], trigger: "axes", axisTable: [{ axis: "lint", gated: false, declared: true, status: "fail" }, { axis: "tests", gated: true, declared: true, status: "pass" }] },
      },
    });
    const list = await asVic(pulls.GET, { workspace: workspace.slug });
    expect(list.json.pullRequests[0].verdict).toMatchObject({ verdict: "ship", current: true, caveats: [{ axis: "lint", what: "failed (report-only)", failed: true }] });

    expect((await asVic(merge.POST, p, { method: "POST", body: { method: "merge", headSha } })).status).toBe(403);
    expect((await asEve(merge.POST, { workspace: elsewhere.slug, pullId }, { method: "POST", body: { method: "merge", headSha } })).status).toBe(404);
    const bad = await asDana(merge.POST, p, { method: "POST", body: { method: "squash", headSha: "abc" } });
    expect(bad.status).toBe(400);
    const moved = await asDana(merge.POST, p, { method: "POST", body: { method: "merge", headSha: "f".repeat(40) } });
    expect(moved).toMatchObject({ status: 409, json: { detail: expect.stringMatching(/head moved/) } });

    const finding = await prisma.finding.create({
      data: {
        pullRequestId: pullId, roomId: opened.json.room.id, kind: "suggestion", priority: "P3", confidence: 0.7, title: "Lower", body: "b",
        suggestion: "two", file: "a.txt", startLine: 2, endLine: 2, anchorSha: headSha, author: "agent:reviewer", fingerprint: "fp-api",
      },
    });
    const f = { ...p, findingId: finding.id };
    expect((await asVic(apply.POST, f, { method: "POST", body: { headSha } })).status).toBe(403);
    expect((await asEve(apply.POST, { workspace: elsewhere.slug, pullId, findingId: finding.id }, { method: "POST", body: { headSha } })).status).toBe(404);
    const applied = await asDana(apply.POST, f, { method: "POST", body: { headSha } });
    expect(applied.status).toBe(201);
    expect(applied.json).toMatchObject({ commit: expect.stringMatching(/^[0-9a-f]{40}$/), change: { changed: true, previousHeadSha: headSha } });

    // The ship was for the old head: merging now is refused as stale, and the list no longer claims ship for this head.
    const stale = await asDana(merge.POST, p, { method: "POST", body: { method: "merge", headSha: applied.json.commit } });
    expect(stale).toMatchObject({ status: 409, json: { detail: expect.stringMatching(/stale/) } });
    expect((await asVic(pulls.GET, { workspace: workspace.slug })).json.pullRequests[0].verdict).toMatchObject({ verdict: "ship", current: false });
    const merged = await asDana(merge.POST, p, { method: "POST", body: { method: "fast-forward", headSha: applied.json.commit, overrideReason: "Only the suggestion changed since ship" } });
    expect(merged).toMatchObject({ status: 200, json: { state: "merged", method: "fast-forward", verdict: "none", override: "Only the suggestion changed since ship" } });
  });
});

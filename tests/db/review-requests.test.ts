/**
 * R3: asking a person to review a pull request — a member who can confirm
 * findings, never its author; asking twice is one request; the pull request
 * lists the reviewers and who asked; withdrawing removes it. Through the route
 * handlers too (viewers cannot ask, other workspaces get 404). Runs on PGlite.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as requests from "../../app/api/workspaces/[workspace]/pulls/[pullId]/review-requests/route";
import * as request from "../../app/api/workspaces/[workspace]/pulls/[pullId]/review-requests/[userId]/route";
import type { Database } from "../../lib/db/client";
import { getPullRequest } from "../../lib/pulls/get-pull-request";
import { requestReview, withdrawReviewRequest } from "../../lib/pulls/request-review";
import { testDatabase } from "../support/db";
import { createUser, createWorkspace, sessionCookie, uid } from "../support/factories";

let db: Database;
beforeAll(async () => {
  db = await testDatabase();
  (globalThis as { gatehouseDb?: Promise<Database> }).gatehouseDb = Promise.resolve(db);
});

async function setup() {
  const { prisma } = db;
  const [dana, sam, vic, eve] = [await createUser(prisma, `Dana-${uid()}`), await createUser(prisma, `Sam-${uid()}`), await createUser(prisma, `Vic-${uid()}`), await createUser(prisma, `Eve-${uid()}`)];
  const workspace = await createWorkspace(prisma, [
    { userId: dana.id, role: "member" },
    { userId: sam.id, role: "member" },
    { userId: vic.id, role: "viewer" },
  ]);
  const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "r" } });
  const pull = await prisma.pullRequest.create({
    data: { workspaceId: workspace.id, repositoryId: repository.id, number: 3, title: "Cap discounts", baseRef: "main", headRef: "f", baseSha: "a", headSha: "b", source: "ui", authorId: dana.id },
  });
  const actor = (userId: string, role: "member" | "viewer" = "member") => ({ workspaceId: workspace.id, userId, role });
  return { prisma, dana, sam, vic, eve, workspace, pull, actor };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { code?: string; message: string }) => ({ code: error.code, message: error.message }),
  );

describe("review requests", () => {
  it("R3: the author asks a member; the pull request lists them and who asked; asking twice is one request; withdrawing removes it", async () => {
    const { prisma, dana, sam, workspace, pull, actor } = await setup();
    expect(await requestReview(prisma, actor(dana.id), { pullRequestId: pull.id, userId: sam.id })).toEqual({ requested: true });
    expect(await requestReview(prisma, actor(dana.id), { pullRequestId: pull.id, userId: sam.id })).toEqual({ requested: false });
    expect((await getPullRequest(prisma, workspace.id, pull.id)).reviewRequests).toEqual([{ userId: sam.id, name: sam.name, requestedBy: dana.name, createdAt: expect.any(String) }]);
    expect(await prisma.runEvent.count({ where: { workspaceId: workspace.id, type: "pull.review_requested" } })).toBe(1);

    expect(await withdrawReviewRequest(prisma, actor(dana.id), { pullRequestId: pull.id, userId: sam.id })).toEqual({ withdrawn: true });
    expect((await getPullRequest(prisma, workspace.id, pull.id)).reviewRequests).toEqual([]);
    expect(await prisma.auditEvent.count({ where: { workspaceId: workspace.id, targetId: pull.id, action: { startsWith: "pull.review_request" } } })).toBe(2);
  });

  it("R3: the author is never asked to review their own work, a viewer cannot confirm so is not asked, nor is an outsider; a closed pull request asks nobody", async () => {
    const { prisma, dana, sam, vic, eve, pull, actor } = await setup();
    expect(await refusal(requestReview(prisma, actor(sam.id), { pullRequestId: pull.id, userId: dana.id }))).toMatchObject({ code: "unprocessable", message: expect.stringContaining("does not review their own work") });
    expect(await refusal(requestReview(prisma, actor(dana.id), { pullRequestId: pull.id, userId: vic.id }))).toMatchObject({ code: "unprocessable", message: expect.stringContaining("viewer") });
    expect(await refusal(requestReview(prisma, actor(dana.id), { pullRequestId: pull.id, userId: eve.id }))).toMatchObject({ code: "unprocessable" });
    expect(await refusal(requestReview(prisma, actor(vic.id, "viewer"), { pullRequestId: pull.id, userId: sam.id }))).toMatchObject({ code: "forbidden" });
    await prisma.pullRequest.update({ where: { id: pull.id }, data: { state: "closed" } });
    expect(await refusal(requestReview(prisma, actor(dana.id), { pullRequestId: pull.id, userId: sam.id }))).toMatchObject({ code: "conflict" });
    expect(await prisma.reviewRequest.count({ where: { pullRequestId: pull.id } })).toBe(0);
  });

  it("R3 over HTTP: members ask and withdraw, a viewer gets 403, another workspace's pull request is a 404", async () => {
    const { prisma, dana, sam, vic, workspace, pull } = await setup();
    const call = async (userId: string, handler: unknown, params: Record<string, string>, init: { method: string; body?: unknown }) => {
      const { cookie } = await sessionCookie(prisma, userId);
      const req = new Request("http://localhost/api/x", { method: init.method, headers: { cookie, "content-type": "application/json" }, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
      const res = await (handler as (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>)(req, { params: Promise.resolve(params) });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };
    const params = { workspace: workspace.slug, pullId: pull.id };
    expect((await call(dana.id, requests.POST, params, { method: "POST", body: { userId: sam.id } })).status).toBe(201);
    expect((await call(vic.id, requests.POST, params, { method: "POST", body: { userId: sam.id } })).status).toBe(403);
    const bad = await call(dana.id, requests.POST, params, { method: "POST", body: {} });
    expect(bad).toMatchObject({ status: 400, json: { detail: "Pick the person to ask." } });
    const other = await createWorkspace(prisma, [{ userId: dana.id, role: "owner" }]);
    expect((await call(dana.id, requests.POST, { workspace: other.slug, pullId: pull.id }, { method: "POST", body: { userId: sam.id } })).status).toBe(404);
    expect((await call(sam.id, request.DELETE, { ...params, userId: sam.id }, { method: "DELETE" })).json).toEqual({ withdrawn: true });
  });
});

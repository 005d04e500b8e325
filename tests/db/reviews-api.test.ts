/**
 * The pull-request API through its route handlers, with real Requests and
 * session cookies: the shapes the review UI builds on, permissions, and the
 * R3/R4 refusals as HTTP answers.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as pulls from "../../app/api/workspaces/[workspace]/pulls/route";
import * as pull from "../../app/api/workspaces/[workspace]/pulls/[pullId]/route";
import * as diff from "../../app/api/workspaces/[workspace]/pulls/[pullId]/diff/route";
import * as refresh from "../../app/api/workspaces/[workspace]/pulls/[pullId]/refresh/route";
import * as findings from "../../app/api/workspaces/[workspace]/pulls/[pullId]/findings/route";
import * as finding from "../../app/api/workspaces/[workspace]/pulls/[pullId]/findings/[findingId]/route";
import * as confirm from "../../app/api/workspaces/[workspace]/pulls/[pullId]/findings/[findingId]/confirm/route";
import * as status from "../../app/api/workspaces/[workspace]/pulls/[pullId]/findings/[findingId]/status/route";
import type { Database } from "../../lib/db/client";
import { createSampleRepo } from "../../lib/demo/sample-repo";
import { testDatabase } from "../support/db";
import { createUser, createWorkspace, sessionCookie } from "../support/factories";
import { drainJobs, useDataDir } from "../support/reviews";

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

async function as(userId: string) {
  const { cookie } = await sessionCookie(db.prisma, userId);
  return async (handler: unknown, params: Record<string, string>, init: { method?: string; body?: unknown; query?: string } = {}) => {
    const url = `http://localhost/api/x${init.query ? `?${init.query}` : ""}`;
    const req = new Request(url, {
      method: init.method ?? "GET",
      headers: { cookie, "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const res = await (handler as Handler)(req, { params: Promise.resolve(params) });
    // Loosely typed on purpose: the assertions below spell out the shapes the UI relies on.
    return { status: res.status, json: (await res.json()) as Record<string, any> };
  };
}

describe("pull-request API", () => {
  it("R1–R4: the API opens, lists, reads, filters, confirms and dismisses over HTTP; refusals are problem answers", async () => {
    const { prisma } = db;
    const [dana, sam, vic] = [await createUser(prisma), await createUser(prisma), await createUser(prisma)];
    const workspace = await createWorkspace(prisma, [
      { userId: dana.id, role: "owner" },
      { userId: sam.id, role: "member" },
      { userId: vic.id, role: "viewer" },
    ]);
    const repoPath = await createSampleRepo(path.join(data.root, "sample"));
    const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "invoice-kit", path: repoPath } });
    const [asDana, asSam, asVic] = [await as(dana.id), await as(sam.id), await as(vic.id)];
    const ws = { workspace: workspace.slug };

    const body = { repositoryId: repository.id, baseRef: "main", headRef: "feature/discount-cap", title: "Cap discounts" };
    expect((await asVic(pulls.POST, ws, { method: "POST", body })).status).toBe(403);
    expect((await asDana(pulls.POST, ws, { method: "POST", body: { ...body, headRef: "--exec=x" } })).status).toBe(400);
    const opened = await asDana(pulls.POST, ws, { method: "POST", body });
    expect(opened.status).toBe(201);
    expect(opened.json).toMatchObject({ pullRequest: { number: 1, title: "Cap discounts" }, room: { mode: "review" } });
    const pullId = opened.json.pullRequest.id as string;
    const p = { ...ws, pullId };
    expect((await drainJobs(db)).errors).toEqual([]);

    const list = await asVic(pulls.GET, ws);
    expect(list.json.pullRequests).toEqual([expect.objectContaining({ id: pullId, number: 1, verdict: expect.objectContaining({ verdict: "block", current: true }) })]);
    const detail = await asVic(pull.GET, p);
    expect(detail.json).toMatchObject({ room: { mode: "review" }, verdict: { verdict: "block" }, axes: { error: null } });
    expect(detail.json.reviews.map((r: { trigger: string }) => r.trigger)).toContain("finalize");
    expect(detail.json.verdict.rules.length).toBeGreaterThan(0);
    expect(detail.json.axes.table.map((r: { axis: string }) => r.axis)).toEqual(["tests", "syntax", "todo-count"]);
    const shown = await asVic(diff.GET, p);
    expect(shown.json).toMatchObject({ truncated: false, message: null });
    expect(shown.json.text).toContain("PRICING_API_KEY");
    expect((await asVic(diff.GET, p, { query: "base=$(id)" })).status).toBe(400);

    const p0 = await asVic(findings.GET, p, { query: "priority=P0&minConfidence=0.9" });
    expect(p0.json.findings).toHaveLength(1);
    const key = p0.json.findings[0];
    expect(key).toMatchObject({ kind: "bug", anchor: { file: "src/pricing-config.js", startLine: 2 }, authorName: "Gatehouse Reviewer", confirmations: [] });
    expect((await asVic(findings.GET, p, { query: "priority=P9" })).status).toBe(400);

    const confirmed = await asSam(confirm.POST, { ...p, findingId: key.id }, { method: "POST" });
    expect(confirmed.json).toMatchObject({ confirmed: true, consensus: true, finding: { status: "consensusReady", confirmations: [{ userId: sam.id }] } });

    // People's findings: the same read boundary (R4) and the author rule (R3).
    const dropped = await asSam(findings.POST, p, { method: "POST", body: { kind: "bug", priority: "P0", confidence: 2, title: "x" } });
    expect(dropped.status).toBe(422);
    expect(dropped.json).toMatchObject({ code: "unprocessable", details: { reason: expect.stringMatching(/confidence 2 is out of range/) } });
    const mine = await asSam(findings.POST, p, { method: "POST", body: { kind: "question", priority: "P3", confidence: 0.5, title: "Why 50%?", body: "" } });
    expect(mine.status).toBe(201);
    const own = await asSam(confirm.POST, { ...p, findingId: mine.json.finding.id }, { method: "POST" });
    expect(own.status).toBe(422);
    expect(own.json.detail).toMatch(/author/i);

    const noReason = await asDana(status.POST, { ...p, findingId: mine.json.finding.id }, { method: "POST", body: { action: "dismiss" } });
    expect(noReason.status).toBe(422);
    const dismissed = await asDana(status.POST, { ...p, findingId: mine.json.finding.id }, { method: "POST", body: { action: "dismiss", reason: "answered in the description" } });
    expect(dismissed.json.finding).toMatchObject({ status: "dismissed", statusReason: "answered in the description" });
    const history = await asVic(finding.GET, { ...p, findingId: mine.json.finding.id });
    expect(history.json.events.map((e: { type: string }) => e.type)).toEqual(["created", "dismissed"]);

    const again = await asDana(refresh.POST, p, { method: "POST" });
    expect(again.json).toMatchObject({ changed: false });
    expect((await asVic(pull.GET, { ...ws, pullId: "nope" })).status).toBe(404);
  });
});

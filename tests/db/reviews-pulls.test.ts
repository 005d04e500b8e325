/**
 * R1, R5, R6, R8 and R10 on PostgreSQL with real git: opening a
 * pull request makes a review room and queues the review; the built-in
 * reviewer runs through the harness and the same tools; a push re-reviews
 * with history kept, anchors remapped and dismissed findings left dismissed.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "../../lib/db/generated/client";
import { worktreesDir } from "../../lib/config/data-dir";
import { createSampleRepo } from "../../lib/demo/sample-repo";
import { materializeSurface } from "../../lib/modes/surface";
import { postureOf } from "../../lib/modes/posture";
import { profileOf } from "../../lib/modes/profiles";
import { createPullRequest } from "../../lib/pulls/create-pull-request";
import { getPullRequest } from "../../lib/pulls/get-pull-request";
import { getPullDiff } from "../../lib/pulls/get-pull-diff";
import { listPullRequests } from "../../lib/pulls/list-pull-requests";
import { openPullRequest } from "../../lib/pulls/open-pull-request";
import { refreshPullRequest } from "../../lib/pulls/refresh-pull-request";
import { gitSync } from "../../lib/repos/git.test-support";
import { changeFindingStatus } from "../../lib/reviews/change-finding-status";
import { confirmFinding } from "../../lib/reviews/confirm-finding";
import { getFinding } from "../../lib/reviews/get-finding";
import { BUILTIN_REVIEWER_NAME } from "../../lib/reviews/pick-review-agent";
import { TOOLS } from "../../lib/tools/registry";
import { testDatabase } from "../support/db";
import { createAgent, createUser, createWorkspace } from "../support/factories";
import { checkout, commitFiles, drainJobs, makeRepo, sha, useDataDir } from "../support/reviews";

let data: Awaited<ReturnType<typeof useDataDir>>;
beforeAll(async () => {
  data = await useDataDir();
});
afterAll(() => data.cleanup());

async function team(prisma: PrismaClient) {
  const dana = await createUser(prisma);
  const sam = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [
    { userId: dana.id, role: "owner" },
    { userId: sam.id, role: "member" },
  ]);
  return {
    workspace,
    dana: { workspaceId: workspace.id, userId: dana.id, role: "owner" as const },
    sam: { workspaceId: workspace.id, userId: sam.id, role: "member" as const },
  };
}

async function rowCounts(prisma: PrismaClient) {
  return {
    pulls: await prisma.pullRequest.count(),
    rooms: await prisma.room.count(),
    runs: await prisma.run.count(),
    messages: await prisma.message.count(),
    jobs: await prisma.job.count(),
    worktrees: (await readdir(worktreesDir()).catch(() => [])).length,
  };
}

describe("pull requests", () => {
  it("R1: a pull request opens a review-mode room with a detached worktree at the head, the read-only surface, and a queued review", async () => {
    const { prisma } = await testDatabase();
    const { workspace, dana } = await team(prisma);
    const repoPath = await createSampleRepo(path.join(data.root, `sample-${workspace.slug}`));
    const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "invoice-kit", path: repoPath } });
    const { pull, room, runId } = await openPullRequest(prisma, dana, { repositoryId: repository.id, baseRef: "main", headRef: "feature/discount-cap", title: "Cap discounts" });

    expect(pull).toMatchObject({ number: 1, headSha: sha(repoPath, "feature/discount-cap"), baseSha: sha(repoPath, "main"), source: "ui" });
    const stored = await prisma.room.findUniqueOrThrow({ where: { id: room.id }, include: { agent: true } });
    expect(stored).toMatchObject({ mode: "review", pullRequestId: pull.id, branch: null });
    expect(stored.agent).toMatchObject({ name: BUILTIN_REVIEWER_NAME, provider: "scripted" });
    expect(gitSync(stored.worktreePath!, ["rev-parse", "HEAD"]).trim()).toBe(pull.headSha);
    expect(() => gitSync(stored.worktreePath!, ["symbolic-ref", "-q", "HEAD"])).toThrow();

    const surface = materializeSurface(profileOf(stored.mode), TOOLS, { autonomy: stored.autonomy });
    const names = surface.tools.map((t) => t.spec.name);
    expect(names).toEqual(expect.arrayContaining(["add_review_node", "finalize_review", "create_ticket", "post_comment", "read_file", "git_diff"]));
    for (const denied of ["write_file", "edit_file", "delete_file", "run_command", "git_commit", "submit_plan"]) expect(names).not.toContain(denied);
    expect(surface.tools.every((t) => t.spec.tier === "read" || t.spec.tier === "write")).toBe(true);
    expect(postureOf(profileOf(stored.mode))).toBe("read-only");

    const jobs = await prisma.job.findMany({ where: { status: "queued" } });
    expect(jobs.map((j) => j.kind).sort()).toEqual(["review.axes", "run.advance"]);
    expect(await prisma.run.findUniqueOrThrow({ where: { id: runId! } })).toMatchObject({ kind: "review", status: "queued", roomId: room.id });
    await prisma.job.deleteMany({});
  });

  it("R1: pull requests are numbered per repository; a bad ref or a failure after the worktree leaves no rows and no files", async () => {
    const { prisma } = await testDatabase();
    const { workspace, dana } = await team(prisma);
    const agent = await createAgent(prisma, workspace.id, { scenarios: [] });
    const repoPath = await makeRepo(data.root, `n-${workspace.slug}`, { "a.txt": "a\n" });
    checkout(repoPath, "f1", true);
    await commitFiles(repoPath, { "a.txt": "b\n" }, "f1");
    const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "n", path: repoPath } });
    const open = (headRef: string, baseRef = "main") => openPullRequest(prisma, dana, { repositoryId: repository.id, baseRef, headRef, title: headRef, agentId: agent.id });
    // Different branches (one open pull request per head and base), opened at once.
    gitSync(repoPath, ["branch", "f2", "f1"]);
    gitSync(repoPath, ["branch", "f3", "f1"]);
    const opened = await Promise.all([open("f1"), open("f2"), open("f3")]);
    expect(opened.map((o) => o.pull.number).sort()).toEqual([1, 2, 3]);

    const before = await rowCounts(prisma);
    await expect(open("no-such-branch")).rejects.toMatchObject({ code: "unprocessable", message: expect.stringMatching(/not a commit/) });
    await expect(open("--upload-pack=touch")).rejects.toThrow();
    await expect(open("main")).rejects.toMatchObject({ code: "unprocessable", message: expect.stringMatching(/nothing to review/) });
    // GitHub's number already taken: the worktree made for it is removed again.
    await expect(
      createPullRequest(prisma, {
        workspaceId: workspace.id, repository, number: 1, title: "dup", baseRef: "main", headRef: "f1",
        baseSha: sha(repoPath, "main"), headSha: sha(repoPath, "f1"), source: "github", authorId: null, agentId: agent.id,
      }),
    ).rejects.toThrow(/already exists/);
    expect(await rowCounts(prisma)).toEqual(before);
    const list = await listPullRequests(prisma, workspace.id);
    expect(list.map((p) => p.number)).toEqual(expect.arrayContaining([1, 2, 3]));
    expect(list[0]).toMatchObject({ verdict: null, counts: { open: 0, dropped: 0 }, repository: { name: "n" } });
    await prisma.job.deleteMany({});
  });

  it("R6: a review run that never calls add_review_node or finalize_review is fine", async () => {
    const db = await testDatabase();
    const { prisma } = db;
    const { workspace, dana } = await team(prisma);
    const agent = await createAgent(prisma, workspace.id, { scenarios: [{ steps: [{ text: "Closing the ticket; no review needed." }] }] });
    const repoPath = await makeRepo(data.root, `r6-${workspace.slug}`, { "a.txt": "a\n" });
    checkout(repoPath, "f", true);
    await commitFiles(repoPath, { "a.txt": "b\n" }, "f");
    const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "r6", path: repoPath } });
    const { pull, runId } = await openPullRequest(prisma, dana, { repositoryId: repository.id, baseRef: "main", headRef: "f", title: "t", agentId: agent.id });
    const drained = await drainJobs(db);
    expect(drained.errors).toEqual([]);
    expect(await prisma.run.findUniqueOrThrow({ where: { id: runId! } })).toMatchObject({ status: "succeeded", mode: "review", outcome: null, error: null });
    expect(await prisma.finding.count({ where: { pullRequestId: pull.id } })).toBe(0);
    expect(await prisma.review.count({ where: { pullRequestId: pull.id } })).toBe(0);
    const events = await prisma.runEvent.findMany({ where: { runId: runId! }, select: { type: true } });
    expect(events.map((e) => e.type)).not.toContain("run.nudged");
  });

  it("R2, R5, R10: the built-in reviewer reviews through the tools; a push re-reviews, keeps history, remaps anchors, does not re-raise dismissed findings and resolves what it no longer raises", async () => {
    const db = await testDatabase();
    const { prisma } = db;
    const { workspace, dana, sam } = await team(prisma);
    const repoPath = await createSampleRepo(path.join(data.root, `demo-${workspace.slug}`));
    const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "invoice-kit", path: repoPath } });
    const { pull, runId } = await openPullRequest(prisma, dana, { repositoryId: repository.id, baseRef: "main", headRef: "feature/discount-cap", title: "Cap discounts" });

    const first = await drainJobs(db);
    expect(first.errors).toEqual([]);
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId! }, include: { toolCalls: { orderBy: { createdAt: "asc" } } } });
    expect(run.status).toBe("succeeded");
    const tools = run.toolCalls.map((c) => c.tool);
    expect(tools[0]).toBe("git_diff");
    expect(tools.at(-1)).toBe("finalize_review");
    expect(run.toolCalls.every((c) => c.status === "executed")).toBe(true);

    const findings = await prisma.finding.findMany({ where: { pullRequestId: pull.id } });
    expect(findings.length).toBe(tools.filter((t) => t === "add_review_node").length);
    const byTitle = (re: RegExp) => findings.find((f) => re.test(f.title))!;
    const secret = byTitle(/AWS/i);
    const debug = byTitle(/console output/i);
    const todo = byTitle(/TODO/);
    expect(secret).toMatchObject({ priority: "P0", file: "src/pricing-config.js", startLine: 2, anchorSha: pull.headSha, author: `agent:${BUILTIN_REVIEWER_NAME}` });
    expect(debug).toMatchObject({ file: "src/invoice.js", startLine: 15 });
    expect(todo).toMatchObject({ file: "src/invoice.js", startLine: 16 });
    expect(findings.some((f) => /without a test/i.test(f.title) && f.file === null)).toBe(true);

    const detail = await getPullRequest(prisma, workspace.id, pull.id);
    // The review's own verdict, then re-formed as the axes it was queued beside report (either may come last).
    expect(detail.verdict).toMatchObject({ verdict: "block", headSha: pull.headSha });
    expect(detail.reviews.filter((r) => r.headSha === pull.headSha).map((r) => r.trigger)).toContain("finalize");
    expect(detail.verdict!.rules.map((r) => r.rule)).toContain("R5.finding.P0");
    expect(detail.axes.table.map((r) => [r.axis, r.status])).toEqual([
      ["tests", "pass"],
      ["syntax", "pass"],
      ["todo-count", "fail"],
    ]);
    const diff = await getPullDiff(prisma, workspace.id, pull.id);
    expect(diff.files.map((f) => f.newPath).sort()).toEqual(["src/invoice.js", "src/pricing-config.js"]);

    // People act on the findings.
    await changeFindingStatus(prisma, dana, { pullRequestId: pull.id, findingId: debug.id }, { action: "dismiss", reason: "intentional while we tune discounts" });
    await confirmFinding(prisma, sam, { pullRequestId: pull.id, findingId: secret.id });

    // A push: three lines above the debug output, and the key removed with its file.
    checkout(repoPath, "feature/discount-cap");
    const original = gitSync(repoPath, ["show", "HEAD:src/invoice.js"]);
    const newHead = await commitFiles(repoPath, { "src/invoice.js": `// invoice-kit\n// discounts are capped\n\n${original}`, "src/pricing-config.js": null }, "Move the key out; document");
    checkout(repoPath, "main");
    const change = await refreshPullRequest(prisma, dana, pull.id);
    expect(change).toMatchObject({ changed: true, previousHeadSha: pull.headSha, headSha: newHead });
    expect(await refreshPullRequest(prisma, dana, pull.id)).toMatchObject({ changed: false });
    const second = await drainJobs(db);
    expect(second.errors).toEqual([]);

    const after = new Map((await prisma.finding.findMany({ where: { pullRequestId: pull.id } })).map((f) => [f.id, f]));
    expect(after.size).toBe(findings.length);
    expect(after.get(debug.id)).toMatchObject({ status: "dismissed", startLine: 18, anchorSha: newHead, outdated: false });
    expect(after.get(todo.id)).toMatchObject({ status: "open", startLine: 19, anchorSha: newHead });
    // R10: the reviewer no longer raises the key at the new head: resolved by that push, naming it.
    expect(after.get(secret.id)).toMatchObject({ status: "resolved", outdated: true, statusReason: `resolved by push ${newHead.slice(0, 12)}` });

    const debugHistory = await getFinding(prisma, { workspaceId: workspace.id, pullRequestId: pull.id, findingId: debug.id });
    expect(debugHistory.events.map((e) => e.type)).toEqual(["created", "dismissed", "remapped", "raised_again"]);
    expect(debugHistory.events.at(-1)!.data).toMatchObject({ suppressed: true, headSha: newHead });
    const secretHistory = await getFinding(prisma, { workspaceId: workspace.id, pullRequestId: pull.id, findingId: secret.id });
    expect(secretHistory.events.map((e) => e.type)).toEqual(["created", "consensus", "outdated", "resolved"]);
    expect(secretHistory.events.at(-1)).toMatchObject({ actor: "platform", data: expect.objectContaining({ byPush: newHead }) });
    expect(secretHistory.finding.confirmations.map((c) => c.userId)).toEqual([sam.userId]);

    const reviews = await prisma.review.findMany({ where: { pullRequestId: pull.id }, orderBy: { createdAt: "asc" } });
    expect(reviews.filter((r) => r.headSha === pull.headSha).length).toBeGreaterThanOrEqual(1);
    const latest = reviews.at(-1)!;
    expect(latest.headSha).toBe(newHead);
    expect(latest.verdict).not.toBe("block");
    const list = await listPullRequests(prisma, workspace.id);
    expect(list.find((p) => p.id === pull.id)).toMatchObject({ headSha: newHead, verdict: { current: true }, counts: { dismissed: 1, resolved: 1 } });
  });
});

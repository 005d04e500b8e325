/**
 * R2–R5 on PostgreSQL: findings as records with a lifecycle — the read
 * boundary, fingerprints, confirmations under concurrency, resolve/dismiss,
 * and verdicts formed by the platform from what is recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "../../lib/db/generated/client";
import { ZodError } from "zod";
import { AppError } from "../../lib/errors/app-error";
import { changePullState } from "../../lib/pulls/change-pull-state";
import { openPullRequest } from "../../lib/pulls/open-pull-request";
import { addPersonFinding } from "../../lib/reviews/add-person-finding";
import { changeFindingStatus } from "../../lib/reviews/change-finding-status";
import { confirmFinding } from "../../lib/reviews/confirm-finding";
import { getFinding } from "../../lib/reviews/get-finding";
import { listFindings } from "../../lib/reviews/list-findings";
import { withdrawConfirmation } from "../../lib/reviews/withdraw-confirmation";
import { reviewServices } from "../../lib/runtime/review-services";
import { storeReview } from "../../lib/reviews/store-review";
import { testDatabase } from "../support/db";
import { createAgent, createUser, createWorkspace } from "../support/factories";
import { checkout, commitFiles, makeRepo, useDataDir } from "../support/reviews";

let data: Awaited<ReturnType<typeof useDataDir>>;
beforeAll(async () => {
  data = await useDataDir();
});
afterAll(() => data.cleanup());

const SOURCE = Array.from({ length: 30 }, (_, i) => `export const v${i} = ${i};`).join("\n") + "\n";

/** A workspace with an owner, a repository and an open pull request (its review run is never advanced here). */
async function setup(prisma: PrismaClient) {
  const owner = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
  const agent = await createAgent(prisma, workspace.id, { scenarios: [] });
  const repoPath = await makeRepo(data.root, `repo-${workspace.slug}`, { "src/a.ts": SOURCE });
  checkout(repoPath, "feature", true);
  await commitFiles(repoPath, { "src/a.ts": SOURCE.replace("v3 = 3", "v3 = 33") }, "change");
  const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "repo", path: repoPath } });
  const actor = { workspaceId: workspace.id, userId: owner.id, role: "owner" as const };
  const opened = await openPullRequest(prisma, actor, { repositoryId: repository.id, baseRef: "main", headRef: "feature", title: "Change", agentId: agent.id });
  const services = reviewServices(prisma, { workspaceId: workspace.id, roomId: opened.room.id, runId: null, conversationId: null, author: `agent:${agent.name}` });
  return { owner, workspace, actor, pull: opened.pull, room: opened.room, services };
}

async function member(prisma: PrismaClient, workspaceId: string, role: "member" | "viewer" = "member") {
  const user = await createUser(prisma);
  await prisma.membership.create({ data: { workspaceId, userId: user.id, role } });
  return { workspaceId, userId: user.id, role };
}

const finding = (over: Record<string, unknown> = {}) => ({
  kind: "bug",
  priority: "P0",
  confidence: 0.9,
  title: "Wrong constant",
  body: "v3 should stay 3.",
  anchor: { file: "src/a.ts", startLine: 4, endLine: 4 },
  ...over,
});

describe("findings", () => {
  it("R10: a dismissal has an author, reason, scope and optional expiry; within its scope the finding is not raised again", async () => {
    const { prisma } = await testDatabase();
    const { pull, actor, services } = await setup(prisma);
    // Scope "this rule in this path": another finding of the same rule under src/ is recorded dismissed and does not count.
    const first = await services.addNode(finding({ priority: "P1", title: "Magic number 3", anchor: { file: "src/a.ts", startLine: 4, endLine: 4 } }));
    const firstId = (first as { findingId: string }).findingId;
    await expect(changeFindingStatus(prisma, actor, { pullRequestId: pull.id, findingId: firstId }, { action: "dismiss", reason: "constants are fine here", scope: "rule_in_path", path: "src/" })).resolves.toBeDefined();
    const dismissal = await prisma.dismissal.findFirstOrThrow({ where: { findingId: firstId } });
    expect(dismissal).toMatchObject({ userId: actor.userId, reason: "constants are fine here", pathPrefix: "src/", expiresAt: null });
    const second = await services.addNode(finding({ priority: "P1", title: "Magic number 7", anchor: { file: "src/a.ts", startLine: 8, endLine: 8 } }));
    expect(second).toMatchObject({ status: "suppressed" });
    const covered = await prisma.finding.findUniqueOrThrow({ where: { id: (second as { findingId: string }).findingId } });
    expect(covered).toMatchObject({ status: "dismissed", statusReason: expect.stringMatching(/covered by a dismissal of this rule in src\/: constants are fine here/) });
    expect((await services.finalize({})).verdict).toBe("ship");
    // Another rule in the same path is raised as usual.
    expect(await services.addNode(finding({ priority: "P2", title: "Unclear name", anchor: { file: "src/a.ts", startLine: 9, endLine: 9 } }))).toMatchObject({ status: "created" });

    // Scope "this finding" with an expiry: suppressed until it lapses, then raised again it reopens.
    const third = (await services.addNode(finding({ priority: "P1", title: "Possible overflow", anchor: { file: "src/a.ts", startLine: 12, endLine: 12 } }))) as { findingId: string };
    const until = new Date(Date.now() + 60_000).toISOString();
    await changeFindingStatus(prisma, actor, { pullRequestId: pull.id, findingId: third.findingId }, { action: "dismiss", reason: "fixed upstream next week", expiresAt: until });
    expect(await services.addNode(finding({ priority: "P1", title: "Possible overflow", anchor: { file: "src/a.ts", startLine: 12, endLine: 12 } }))).toMatchObject({ status: "suppressed" });
    await prisma.finding.update({ where: { id: third.findingId }, data: { dismissedUntil: new Date(Date.now() - 1000) } });
    expect(await services.addNode(finding({ priority: "P1", title: "Possible overflow", anchor: { file: "src/a.ts", startLine: 12, endLine: 12 } }))).toMatchObject({ status: "reopened" });
    const history = await getFinding(prisma, { workspaceId: actor.workspaceId, pullRequestId: pull.id, findingId: third.findingId });
    expect(history.events.find((e) => e.type === "dismissed")?.data).toMatchObject({ reason: "fixed upstream next week", scope: "finding", expiresAt: until });
    expect(history.events.at(-1)).toMatchObject({ type: "reopened", data: expect.objectContaining({ reason: expect.stringMatching(/dismissal expired/) }) });
  });

  it("R4: anchors are validated against the file at that head: out of range from an agent is a recorded drop, from a person a form error (reversed lines too)", async () => {
    const { prisma } = await testDatabase();
    const { pull, actor, services } = await setup(prisma);
    const result = await services.addNode(finding({ anchor: { file: "src/a.ts", startLine: 29, endLine: 31 } }));
    expect(result).toEqual({ dropped: expect.stringMatching(/lines 29–31 are outside src\/a\.ts, which has 30 lines/) });
    expect(await services.addNode(finding({ anchor: { file: "src/missing.ts", startLine: 1, endLine: 1 } }))).toEqual({ dropped: expect.stringMatching(/does not exist/) });
    expect(await prisma.droppedFinding.count({ where: { pullRequestId: pull.id } })).toBe(2);

    const outside = await addPersonFinding(prisma, actor, pull.id, finding({ anchor: { file: "src/a.ts", startLine: 40, endLine: 41 } })).catch((e: unknown) => e);
    expect(outside).toBeInstanceOf(ZodError);
    expect((outside as ZodError).issues).toEqual([expect.objectContaining({ path: ["anchor", "endLine"], message: expect.stringMatching(/outside src\/a\.ts/) })]);
    const reversed = await addPersonFinding(prisma, actor, pull.id, finding({ anchor: { file: "src/a.ts", startLine: 9, endLine: 4 } })).catch((e: unknown) => e);
    expect((reversed as ZodError).issues[0]).toMatchObject({ path: ["anchor", "endLine"] });
    // People's form errors are not drops; the exact last line is fine.
    expect(await prisma.droppedFinding.count({ where: { pullRequestId: pull.id } })).toBe(2);
    await expect(addPersonFinding(prisma, actor, pull.id, finding({ anchor: { file: "src/a.ts", startLine: 30, endLine: 30 } }))).resolves.toMatchObject({ status: "created" });
  });

  it("R1: a second open pull request for the same head and base is refused with a link to the first, also when both are opened at once; close and reopen keep it so", async () => {
    const { prisma } = await testDatabase();
    const { pull, actor } = await setup(prisma);
    const again = { repositoryId: pull.repositoryId, baseRef: "main", headRef: "feature", title: "Again" };
    const refusal = await openPullRequest(prisma, actor, again).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ code: "conflict", message: expect.stringMatching(/#1 already proposes feature into main/), details: { pullRequestId: pull.id, number: 1 } });
    await changePullState(prisma, actor, pull.id, { action: "close" });
    const both = await Promise.allSettled([openPullRequest(prisma, actor, again), openPullRequest(prisma, actor, again)]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(both.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "conflict" } });
    // Reopening the first would make two open pull requests for the same branches.
    await expect(changePullState(prisma, actor, pull.id, { action: "reopen" })).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/#2 already proposes/) });
    expect(await prisma.pullRequest.count({ where: { repositoryId: pull.repositoryId, state: "open" } })).toBe(1);
  });

  it("R10: a confirmation can be withdrawn; consensus is recomputed from the confirmations left", async () => {
    const { prisma } = await testDatabase();
    const { pull, actor, services } = await setup(prisma);
    const { finding: mine } = await addPersonFinding(prisma, actor, pull.id, finding({ priority: "P1", title: "Needs a second look" }));
    const [ana, ben] = [await member(prisma, actor.workspaceId), await member(prisma, actor.workspaceId)];
    await confirmFinding(prisma, ana, { pullRequestId: pull.id, findingId: mine.id });
    await confirmFinding(prisma, ben, { pullRequestId: pull.id, findingId: mine.id });
    expect((await services.finalize({})).verdict).toBe("hold");

    const first = await withdrawConfirmation(prisma, ana, { pullRequestId: pull.id, findingId: mine.id });
    expect(first).toMatchObject({ consensusLost: false, finding: { status: "consensusReady" } });
    const second = await withdrawConfirmation(prisma, ben, { pullRequestId: pull.id, findingId: mine.id });
    expect(second).toMatchObject({ consensusLost: true, finding: { status: "open", confirmations: [] } });
    await expect(withdrawConfirmation(prisma, ben, { pullRequestId: pull.id, findingId: mine.id })).rejects.toThrow(/nothing to withdraw/);
    const history = await getFinding(prisma, { workspaceId: actor.workspaceId, pullRequestId: pull.id, findingId: mine.id });
    expect(history.events.map((e) => e.type)).toEqual(["created", "consensus", "confirmed", "confirmation_withdrawn", "confirmation_withdrawn"]);
  });

  it("R4: a malformed finding is dropped at the read boundary, recorded, and never changes a verdict", async () => {
    const { prisma } = await testDatabase();
    const { pull, room, services, actor } = await setup(prisma);
    const before = await storeReview(prisma, { pullRequestId: pull.id, trigger: "finalize" });
    expect(before!.outcome.verdict).toBe("ship");

    for (const bad of [finding({ confidence: 1.4 }), finding({ priority: "P7" }), finding({ priority: undefined }), finding({ confidence: "high" })]) {
      const result = await services.addNode(bad);
      expect(result).toHaveProperty("dropped");
    }
    expect((await services.addNode(finding({ confidence: 1.4 }))) as { dropped: string }).toMatchObject({ dropped: expect.stringContaining("confidence 1.4 is out of range") });
    await expect(addPersonFinding(prisma, actor, pull.id, finding({ priority: "urgent" }))).rejects.toMatchObject({ code: "unprocessable" });

    expect(await prisma.finding.count({ where: { pullRequestId: pull.id } })).toBe(0);
    const drops = await prisma.droppedFinding.findMany({ where: { pullRequestId: pull.id } });
    expect(drops).toHaveLength(6);
    expect(drops.map((d) => d.reason).join("\n")).toMatch(/priority is missing/);
    expect(await prisma.runEvent.count({ where: { roomId: room.id, type: "finding.dropped" } })).toBe(6);

    const after = await services.finalize({ summary: "after drops" });
    expect(after.verdict).toBe("ship");
    expect(after.explanation).toEqual(before!.outcome.rules.map((r) => r.text));
  });

  it("R3: the author cannot confirm their own finding; the refusal says why and changes nothing", async () => {
    const { prisma } = await testDatabase();
    const { pull, actor } = await setup(prisma);
    const { finding: mine } = await addPersonFinding(prisma, actor, pull.id, finding());
    expect(mine.author).toBe(`user:${actor.userId}`);
    const refusal = await confirmFinding(prisma, actor, { pullRequestId: pull.id, findingId: mine.id }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: "unprocessable", message: expect.stringMatching(/author/i) });
    expect(await prisma.findingConfirmation.count({ where: { findingId: mine.id } })).toBe(0);
    expect((await prisma.finding.findUniqueOrThrow({ where: { id: mine.id } })).status).toBe("open");

    const other = await member(prisma, actor.workspaceId);
    const confirmed = await confirmFinding(prisma, other, { pullRequestId: pull.id, findingId: mine.id });
    expect(confirmed).toMatchObject({ confirmed: true, consensus: true, finding: { status: "consensusReady" } });
    expect(confirmed.finding.confirmations.map((c) => c.userId)).toEqual([other.userId]);

    const viewer = await member(prisma, actor.workspaceId, "viewer");
    await expect(confirmFinding(prisma, viewer, { pullRequestId: pull.id, findingId: mine.id })).rejects.toMatchObject({ code: "forbidden" });
  });

  it("R3: 20 parallel confirmations by different users give one consistent state (and repeating them changes nothing)", async () => {
    const { prisma } = await testDatabase();
    const { pull, services, actor } = await setup(prisma);
    const added = (await services.addNode(finding())) as { findingId: string };
    const people = await Promise.all(Array.from({ length: 20 }, () => member(prisma, actor.workspaceId)));
    const ref = { pullRequestId: pull.id, findingId: added.findingId };

    const outcomes = await Promise.all(people.map((p) => confirmFinding(prisma, p, ref)));
    expect(outcomes.filter((o) => o.consensus)).toHaveLength(1);
    expect(outcomes.every((o) => o.confirmed)).toBe(true);
    const state = async () => ({
      status: (await prisma.finding.findUniqueOrThrow({ where: { id: added.findingId } })).status,
      confirmations: await prisma.findingConfirmation.count({ where: { findingId: added.findingId } }),
      consensus: await prisma.findingEvent.count({ where: { findingId: added.findingId, type: "consensus" } }),
      confirmed: await prisma.findingEvent.count({ where: { findingId: added.findingId, type: "confirmed" } }),
    });
    expect(await state()).toEqual({ status: "consensusReady", confirmations: 20, consensus: 1, confirmed: 19 });

    const again = await Promise.all(people.map((p) => confirmFinding(prisma, p, ref)));
    expect(again.every((o) => !o.confirmed && !o.consensus)).toBe(true);
    expect(await state()).toEqual({ status: "consensusReady", confirmations: 20, consensus: 1, confirmed: 19 });
    const listed = await listFindings(prisma, actor.workspaceId, pull.id);
    expect(listed[0]!.confirmations).toHaveLength(20);
  });

  it("R2: the same finding raised twice is one record; dismissed ones are not raised again, resolved ones reopen", async () => {
    const { prisma } = await testDatabase();
    const { pull, services, actor } = await setup(prisma);
    const first = (await services.addNode(finding())) as { findingId: string; status: string };
    // Same problem, different wording of numbers and spacing: the fingerprint matches.
    const second = (await services.addNode(finding({ title: "Wrong  constant", body: "again" }))) as { findingId: string; status: string };
    expect(second).toEqual({ findingId: first.findingId, status: "kept" });
    expect(await prisma.finding.count({ where: { pullRequestId: pull.id } })).toBe(1);

    const ref = { pullRequestId: pull.id, findingId: first.findingId };
    await expect(changeFindingStatus(prisma, actor, ref, { action: "dismiss" })).rejects.toMatchObject({ code: "unprocessable", message: expect.stringMatching(/reason/) });
    const dismissed = await changeFindingStatus(prisma, actor, ref, { action: "dismiss", reason: "intended" });
    expect(dismissed.finding).toMatchObject({ status: "dismissed", statusReason: "intended" });
    expect(await services.addNode(finding())).toEqual({ findingId: first.findingId, status: "suppressed" });
    expect((await prisma.finding.findUniqueOrThrow({ where: { id: first.findingId } })).status).toBe("dismissed");

    await changeFindingStatus(prisma, actor, ref, { action: "reopen" });
    await changeFindingStatus(prisma, actor, ref, { action: "resolve", reason: "fixed" });
    expect(await services.addNode(finding())).toEqual({ findingId: first.findingId, status: "reopened" });
    const { finding: view, events } = await getFinding(prisma, { workspaceId: actor.workspaceId, ...ref });
    expect(view.status).toBe("open");
    expect(events.map((e) => e.type)).toEqual(["created", "raised_again", "dismissed", "raised_again", "reopened", "resolved", "reopened"]);
  });

  it("R5: resolving the only P0 re-forms the published verdict as a new review; the blocked one stays in the history", async () => {
    const { prisma } = await testDatabase();
    const { pull, services, actor } = await setup(prisma);
    const added = (await services.addNode(finding())) as { findingId: string };
    await services.addNode(finding({ priority: "P0", confidence: 0.2, title: "Unsure" }));
    const published = await services.finalize({ summary: "one real P0" });
    expect(published.verdict).toBe("block");
    expect(published.explanation.join("\n")).toMatch(/below the confidence threshold/);

    const { verdict } = await changeFindingStatus(prisma, actor, { pullRequestId: pull.id, findingId: added.findingId }, { action: "resolve", reason: "fixed in the next push" });
    expect(verdict?.verdict).toBe("ship");
    const reviews = await prisma.review.findMany({ where: { pullRequestId: pull.id }, orderBy: { createdAt: "asc" } });
    expect(reviews.map((r) => [r.verdict, (r.explanation as { trigger: string }).trigger, r.summary])).toEqual([
      ["block", "finalize", "one real P0"],
      ["ship", "finding", "one real P0"],
    ]);
    // Nothing new to say: no third review.
    expect(await storeReview(prisma, { pullRequestId: pull.id, trigger: "finding", onlyIfChanged: true })).toBeNull();
  });

  it("R2: filters findings by kind, priority, status and confidence", async () => {
    const { prisma } = await testDatabase();
    const { pull, services, actor } = await setup(prisma);
    await services.addNode(finding());
    await services.addNode(finding({ kind: "question", priority: "P3", confidence: 0.3, title: "Why?", anchor: null }));
    await services.addNode(finding({ kind: "suggestion", priority: "P2", confidence: 0.6, title: "Name it", anchor: { file: "src/a.ts", startLine: 1, endLine: 2 } }));
    const ids = async (query: Parameters<typeof listFindings>[3]) => (await listFindings(prisma, actor.workspaceId, pull.id, query)).map((f) => f.title);
    expect(await ids({})).toEqual(["Wrong constant", "Name it", "Why?"]);
    expect(await ids({ kind: ["question", "suggestion"] })).toEqual(["Name it", "Why?"]);
    expect(await ids({ priority: ["P0"], minConfidence: 0.5 })).toEqual(["Wrong constant"]);
    expect(await ids({ minConfidence: 0.5, status: ["open"] })).toEqual(["Wrong constant", "Name it"]);
    const [top] = await listFindings(prisma, actor.workspaceId, pull.id);
    expect(top!.anchor).toEqual({ file: "src/a.ts", startLine: 4, endLine: 4, sha: pull.headSha });
  });
});

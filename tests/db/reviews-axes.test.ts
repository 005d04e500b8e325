/**
 * R5 on PostgreSQL with the real sandbox: the platform runs the axes a
 * repository declares at the head, and missing evidence is never a pass.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "../../lib/db/generated/client";
import { openPullRequest } from "../../lib/pulls/open-pull-request";
import { checkRunStatus, recordCheckRun } from "../../lib/reviews/record-check-run";
import { reviewServices } from "../../lib/runtime/review-services";
import { runAxes } from "../../lib/reviews/run-axes";
import { getPullRequest } from "../../lib/pulls/get-pull-request";
import { acceptCoverageGap } from "../../lib/reviews/accept-coverage-gap";
import { testDatabase } from "../support/db";
import { createAgent, createUser, createWorkspace } from "../support/factories";
import { checkout, commitFiles, drainJobs, makeRepo, useDataDir } from "../support/reviews";

let data: Awaited<ReturnType<typeof useDataDir>>;
beforeAll(async () => {
  data = await useDataDir();
});
afterAll(() => data.cleanup());

type Axis = { name: string; command: string; gated: boolean; timeoutMs?: number };

/**
 * A pull request whose base declares `axes` (or carries `axesText` verbatim);
 * `headAxes` is what the head under review changes the declaration to (R7).
 */
async function pullWithAxes(prisma: PrismaClient, axes: Axis[] | { text: string }, headAxes?: Axis[] | null) {
  const owner = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
  const agent = await createAgent(prisma, workspace.id, { scenarios: [] });
  const text = "text" in axes ? axes.text : JSON.stringify({ axes });
  const repoPath = await makeRepo(data.root, `repo-${workspace.slug}`, { "README.md": "# r\n", "gatehouse.axes.json": text });
  checkout(repoPath, "feature", true);
  const change: Record<string, string | null> = headAxes === undefined ? {} : { "gatehouse.axes.json": headAxes === null ? null : JSON.stringify({ axes: headAxes }) };
  await commitFiles(repoPath, { "notes.md": "hello\n", ...change }, "the change under review");
  const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "repo", path: repoPath } });
  const actor = { workspaceId: workspace.id, userId: owner.id, role: "owner" as const };
  const { pull, room } = await openPullRequest(prisma, actor, { repositoryId: repository.id, baseRef: "main", headRef: "feature", title: "Axes", agentId: agent.id });
  const services = reviewServices(prisma, { workspaceId: workspace.id, roomId: room.id, runId: null, conversationId: null, author: `agent:${agent.name}` });
  return { pull, room, services, actor, repository };
}

describe("gates", () => {
  it("R5: a gated axis that could not run (missing tool, timeout) never yields ship", async () => {
    const { prisma } = await testDatabase();
    const { pull, services } = await pullWithAxes(prisma, [
      { name: "lint", command: "definitely-not-a-tool-gatehouse --check", gated: true },
      { name: "slow", command: "sleep 5", gated: true, timeoutMs: 300 },
    ]);
    const { ran } = await runAxes(prisma, { repositoryId: pull.repositoryId, headSha: pull.headSha });
    expect(ran).toEqual(["lint", "slow"]);
    const results = await prisma.axisResult.findMany({ where: { repositoryId: pull.repositoryId, headSha: pull.headSha }, orderBy: { axis: "asc" } });
    expect(results.map((r) => [r.axis, r.status, r.source, r.gated])).toEqual([
      ["lint", "could_not_run", "sandbox", true],
      ["slow", "could_not_run", "sandbox", true],
    ]);
    expect(results[0]!.detail).toMatch(/exit 127/);
    expect(results[1]!.detail).toMatch(/timed out/);

    const review = await services.finalize({});
    expect(review.verdict).toBe("hold");
    expect(review.explanation.join("\n")).toMatch(/Gated axis 'lint' could not run/);
  });

  it("R5: a declared axis without a result is missing and holds; its pass arriving later re-forms the verdict as a new review", async () => {
    const { prisma } = await testDatabase();
    const { pull, services, actor } = await pullWithAxes(prisma, [{ name: "tests", command: "test -f notes.md", gated: true }]);
    const early = await services.finalize({ summary: "looks fine" });
    expect(early.verdict).toBe("hold");
    expect(early.explanation.join("\n")).toMatch(/no result for this head/);

    await drainJobs(await testDatabase(), { kinds: ["review.axes"] });
    const detail = await getPullRequest(prisma, actor.workspaceId, pull.id);
    expect(detail.axes.table).toEqual([expect.objectContaining({ axis: "tests", status: "pass", gated: true, source: "sandbox" })]);
    expect(detail.verdict).toMatchObject({ verdict: "ship", trigger: "axes", summary: "looks fine" });
    expect(detail.reviews.map((r) => r.verdict)).toEqual(["ship", "hold"]);
  });

  it("R5: a failing gated axis blocks; a failing axis that is not gated is only reported", async () => {
    const { prisma } = await testDatabase();
    const { pull, services } = await pullWithAxes(prisma, [
      { name: "types", command: "echo 'type error' >&2; exit 2", gated: true },
      { name: "style", command: "exit 1", gated: false },
    ]);
    await runAxes(prisma, { repositoryId: pull.repositoryId, headSha: pull.headSha });
    const review = await services.finalize({});
    expect(review.verdict).toBe("block");
    expect(review.explanation.join("\n")).toMatch(/Gated axis 'types' failed \(exit 2: type error\) → block/);
    expect(review.explanation.join("\n")).toMatch(/'style' is failing .* not gated/);
  });

  it("R5: the sandbox is read-only and offline: an axis cannot write the worktree", async () => {
    const { prisma } = await testDatabase();
    const { pull } = await pullWithAxes(prisma, [{ name: "writes", command: "echo x > notes.md", gated: true }]);
    await runAxes(prisma, { repositoryId: pull.repositoryId, headSha: pull.headSha });
    const [result] = await prisma.axisResult.findMany({ where: { repositoryId: pull.repositoryId, headSha: pull.headSha } });
    expect(result).toMatchObject({ axis: "writes", status: "fail" });
    expect(result!.detail).toMatch(/Read-only file system/i);
  });

  it("R5: an unreadable axes file holds instead of counting as no gates", async () => {
    const { prisma } = await testDatabase();
    const { services } = await pullWithAxes(prisma, { text: '{ "axes": [ { "name": "tests", "gate": true } ] }' });
    const review = await services.finalize({});
    expect(review.verdict).toBe("hold");
    expect(review.explanation.join("\n")).toMatch(/axes declaration could not be read/);
  });

  it("R8: GitHub check runs map honestly: success passes, failure fails, skipped/neutral/cancelled/timed_out/stale/action_required are not a pass", async () => {
    expect(["success", "failure", "timed_out", "cancelled", "neutral", "skipped", "action_required", "stale", null].map(checkRunStatus)).toEqual([
      "pass", "fail", "could_not_run", "could_not_run", "could_not_run", "could_not_run", "could_not_run", "could_not_run", "could_not_run",
    ]);
    const { prisma } = await testDatabase();
    const { pull, services } = await pullWithAxes(prisma, [{ name: "ci", command: "true", gated: true }]);
    await recordCheckRun(prisma, { repositoryId: pull.repositoryId, headSha: pull.headSha, name: "ci", conclusion: "success" });
    expect((await services.finalize({})).verdict).toBe("ship");
    // A later failure of the same check for the same head replaces the success, and re-forms the verdict.
    await recordCheckRun(prisma, { repositoryId: pull.repositoryId, headSha: pull.headSha, name: "ci", conclusion: "failure", detailsUrl: "https://ci.example/1" });
    const latest = await prisma.review.findFirstOrThrow({ where: { pullRequestId: pull.id }, orderBy: { createdAt: "desc" } });
    expect(latest.verdict).toBe("block");
    expect((latest.explanation as { trigger: string }).trigger).toBe("check_run");
    // The sandbox's pass for the same axis does not mask the check run's failure.
    await runAxes(prisma, { repositoryId: pull.repositoryId, headSha: pull.headSha });
    expect((await services.finalize({})).verdict).toBe("block");
  });

  it("R8: a cancelled or timed-out check is not a pass: the gate holds, and the raw conclusion is shown", async () => {
    const { prisma } = await testDatabase();
    const { pull, services, actor } = await pullWithAxes(prisma, [{ name: "ci", command: "true", gated: true }]);
    await recordCheckRun(prisma, { repositoryId: pull.repositoryId, headSha: pull.headSha, name: "ci", conclusion: "cancelled" });
    const review = await services.finalize({});
    expect(review.verdict).toBe("hold");
    const detail = await getPullRequest(prisma, actor.workspaceId, pull.id);
    expect(detail.axes.table).toEqual([expect.objectContaining({ axis: "ci", status: "could_not_run", gated: true, source: "check_run" })]);
    expect(detail.axes.table[0]!.detail).toMatch(/conclusion cancelled/);
  });

  it("R7: gates come from the base: a head that removes its gated axis is still held by it, and gets a P1 finding naming the change", async () => {
    const { prisma } = await testDatabase();
    const { pull, services, actor } = await pullWithAxes(prisma, [{ name: "tests", command: "exit 3", gated: true }], [{ name: "tests", command: "true", gated: false }]);
    const { ran } = await runAxes(prisma, { repositoryId: pull.repositoryId, headSha: pull.headSha });
    expect(ran).toEqual(["tests"]);
    // The base's command ran (exit 3), not the head's relaxed `true`.
    const [result] = await prisma.axisResult.findMany({ where: { repositoryId: pull.repositoryId, headSha: pull.headSha } });
    expect(result).toMatchObject({ axis: "tests", status: "fail", gated: true });
    const review = await services.finalize({});
    expect(review.verdict).toBe("block");
    const findings = await prisma.finding.findMany({ where: { pullRequestId: pull.id } });
    expect(findings).toEqual([expect.objectContaining({ priority: "P1", status: "open", author: "agent:gatehouse" })]);
    expect(findings[0]!.title).toMatch(/changes the gates declaration/);
    expect(findings[0]!.body).toMatch(/makes 'tests' not gated; changes the command of 'tests' from `exit 3` to `true`/);
    const detail = await getPullRequest(prisma, actor.workspaceId, pull.id);
    expect(detail.axes.declared).toEqual([expect.objectContaining({ name: "tests", gated: true, command: "exit 3" })]);
  });

  it("R7: a head that deletes the declaration is reviewed under the base's gates and flagged; an untouched declaration raises nothing", async () => {
    const { prisma } = await testDatabase();
    const deleted = await pullWithAxes(prisma, [{ name: "lint", command: "true", gated: true }], null);
    await runAxes(prisma, { repositoryId: deleted.pull.repositoryId, headSha: deleted.pull.headSha });
    expect((await deleted.services.finalize({})).verdict).toBe("hold");
    const [flag] = await prisma.finding.findMany({ where: { pullRequestId: deleted.pull.id } });
    expect(flag!.body).toMatch(/deletes gatehouse\.axes\.json which declared 'lint' \(gated\)/);

    const untouched = await pullWithAxes(prisma, [{ name: "lint", command: "true", gated: true }]);
    await runAxes(prisma, { repositoryId: untouched.pull.repositoryId, headSha: untouched.pull.headSha });
    expect(await prisma.finding.count({ where: { pullRequestId: untouched.pull.id } })).toBe(0);
    expect((await untouched.services.finalize({})).verdict).toBe("ship");
  });

  it("R11: a review that did not cover the whole diff holds until a person accepts the gap, recorded with their name", async () => {
    const { prisma } = await testDatabase();
    const { pull, services, actor } = await pullWithAxes(prisma, []);
    const review = await services.finalize({ summary: "partial", coverage: { complete: false, unread: [{ path: "assets/logo.png", reason: "binary file" }] } });
    expect(review.verdict).toBe("hold");
    expect(review.explanation.join("\n")).toMatch(/did not read assets\/logo\.png \(binary file\) → at least hold until a person accepts the gap/);
    await expect(acceptCoverageGap(prisma, actor, pull.id, { reason: "x" })).resolves.toBeDefined();
    const user = await prisma.user.findUniqueOrThrow({ where: { id: actor.userId } });
    const latest = await prisma.review.findFirstOrThrow({ where: { pullRequestId: pull.id }, orderBy: { createdAt: "desc" } });
    expect(latest.verdict).toBe("ship");
    const rules = (latest.explanation as { rules: { rule: string; text: string }[] }).rules;
    expect(rules.find((r) => r.rule === "R11.coverage.accepted")?.text).toContain(`${user.name ?? user.email} accepted the gap`);
    expect(await prisma.pullRequest.findUniqueOrThrow({ where: { id: pull.id } })).toMatchObject({ gapAcceptedBy: actor.userId, gapAcceptedSha: pull.headSha, gapAcceptedReason: "x" });
    // A complete review has no gap to accept.
    await services.finalize({ coverage: { complete: true, unread: [] } });
    await expect(acceptCoverageGap(prisma, actor, pull.id, { reason: "again" })).rejects.toThrow(/no gap to accept/);
  });
});

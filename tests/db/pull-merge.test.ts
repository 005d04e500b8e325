/**
 * Merging a pull request opened in Gatehouse, on PostgreSQL with real git:
 * the gate (R8: ship for the CURRENT head, or an override with a reason
 * recorded with the person's name), merge commit versus fast-forward,
 * refusals that leave nothing half-written (stale verdict, hold/block, a
 * base that moved on for fast-forward, conflicts, a head that moved), where
 * the merge lands (H3: the base branch of Gatehouse's mirror, never the
 * source folder) and that it survives the next sync, and who may merge.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "../../lib/db/generated/client";
import { getPullRequest } from "../../lib/pulls/get-pull-request";
import { mergePullRequest } from "../../lib/pulls/merge-pull-request";
import { openPullRequest } from "../../lib/pulls/open-pull-request";
import { gitSync } from "../../lib/repos/git.test-support";
import { mirrorPath } from "../../lib/repos/mirror-paths";
import { syncRepository } from "../../lib/repositories/sync-repository";
import { addPersonFinding } from "../../lib/reviews/add-person-finding";
import type { WorkspaceActor } from "../../lib/workspaces/actor";
import { testDatabase } from "../support/db";
import { createAgent, createUser, createWorkspace } from "../support/factories";
import { checkout, commitFiles, makeRepo, sha, useDataDir } from "../support/reviews";

let data: Awaited<ReturnType<typeof useDataDir>>;
beforeAll(async () => {
  data = await useDataDir();
});
afterAll(() => data.cleanup());

async function team(prisma: PrismaClient) {
  const dana = await createUser(prisma, `dana-${Math.random().toString(36).slice(2, 8)}`);
  const vic = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [
    { userId: dana.id, role: "member" },
    { userId: vic.id, role: "viewer" },
  ]);
  const dana_: WorkspaceActor = { workspaceId: workspace.id, userId: dana.id, role: "member" };
  const vic_: WorkspaceActor = { workspaceId: workspace.id, userId: vic.id, role: "viewer" };
  return { workspace, dana: dana_, danaUser: dana, vic: vic_ };
}

/**
 * A repository whose `feature` branch changes a.txt. With `baseMoves`, main
 * gets a commit of its own afterwards (b.txt, or a.txt for a conflict).
 */
async function repoWithFeature(name: string, baseMoves: "no" | "elsewhere" | "conflict" = "no") {
  const repo = await makeRepo(data.root, name, { "a.txt": "one\ntwo\nthree\n", "b.txt": "bee\n" });
  checkout(repo, "feature", true);
  await commitFiles(repo, { "a.txt": "one\nTWO\nthree\n" }, "Shout two");
  checkout(repo, "main");
  if (baseMoves === "elsewhere") await commitFiles(repo, { "b.txt": "bee\nmore\n" }, "More bees");
  if (baseMoves === "conflict") await commitFiles(repo, { "a.txt": "one\ndeux\nthree\n" }, "French two");
  return repo;
}

async function openOn(prisma: PrismaClient, actor: WorkspaceActor, repo: string, name: string) {
  const repository = await prisma.repository.create({ data: { workspaceId: actor.workspaceId, name, path: repo } });
  const agent = await createAgent(prisma, actor.workspaceId, { scenarios: [] });
  const opened = await openPullRequest(prisma, actor, { repositoryId: repository.id, baseRef: "main", headRef: "feature", title: "Shout two", agentId: agent.id });
  await prisma.job.deleteMany({});
  return { repository, pull: opened.pull, roomId: opened.room.id, mirror: mirrorPath(repository.id) };
}

async function verdictAt(prisma: PrismaClient, pull: { id: string }, roomId: string, headSha: string, verdict: "ship" | "hold" | "block") {
  return prisma.review.create({ data: { pullRequestId: pull.id, roomId, headSha, verdict, explanation: { rules: [], axisTable: [], trigger: "finalize" } } });
}

async function snapshot(prisma: PrismaClient, pullId: string, mirror: string) {
  const pull = await prisma.pullRequest.findUniqueOrThrow({ where: { id: pullId } });
  return {
    state: pull.state,
    mergeMethod: pull.mergeMethod,
    mergeCommitSha: pull.mergeCommitSha,
    mergeOverrideReason: pull.mergeOverrideReason,
    main: gitSync(mirror, ["rev-parse", "refs/heads/main"]).trim(),
    landed: gitSync(mirror, ["for-each-ref", "refs/gatehouse/landed"]).trim(),
    audits: await prisma.auditEvent.count({ where: { targetId: pullId, action: { startsWith: "pull_request.merged" } } }),
  };
}

describe("merging a pull request", () => {
  it("R8: ship at the current head merges with a merge commit authored by the person, on the base branch of Gatehouse's mirror; the source folder is untouched and the review turns read-only", async () => {
    const { prisma } = await testDatabase();
    const { dana, danaUser } = await team(prisma);
    const repo = await repoWithFeature(`m-ship-${danaUser.id.slice(-6)}`, "elsewhere");
    const sourceMain = sha(repo, "main");
    const { pull, roomId, mirror } = await openOn(prisma, dana, repo, "ship");
    await verdictAt(prisma, pull, roomId, pull.headSha, "ship");

    const merged = await mergePullRequest(prisma, dana, pull.id, { method: "merge", headSha: pull.headSha });

    expect(merged).toMatchObject({ state: "merged", method: "merge", verdict: "ship", override: null });
    const main = gitSync(mirror, ["rev-parse", "refs/heads/main"]).trim();
    expect(main).toBe(merged.mergeCommitSha);
    expect(gitSync(mirror, ["log", "-1", "--format=%P", main]).trim().split(" ")).toEqual([sourceMain, pull.headSha]);
    expect(gitSync(mirror, ["log", "-1", "--format=%an <%ae>|%cn", main]).trim()).toBe(`${danaUser.name} <${danaUser.email}>|${danaUser.name}`);
    expect(gitSync(mirror, ["show", `${main}:a.txt`])).toBe("one\nTWO\nthree\n");
    expect(gitSync(mirror, ["show", `${main}:b.txt`])).toBe("bee\nmore\n");
    // H3: Gatehouse never writes into the folder the repository was registered from.
    expect(sha(repo, "main")).toBe(sourceMain);

    const row = await prisma.pullRequest.findUniqueOrThrow({ where: { id: pull.id } });
    expect(row).toMatchObject({ state: "merged", mergeMethod: "merge", mergeVerdict: "ship", mergeCommitSha: main, mergeOverrideReason: null, stateChangedBy: `user:${dana.userId}` });
    expect(await prisma.auditEvent.findFirst({ where: { targetId: pull.id, action: "pull_request.merged" } })).toMatchObject({ actorId: dana.userId });
    const events = await prisma.runEvent.findMany({ where: { roomId, type: "pull.state_changed" } });
    expect(events.map((e: { data: unknown }) => (e.data as { state: string }).state)).toEqual(["merged"]);
    await expect(addPersonFinding(prisma, dana, pull.id, { kind: "bug", priority: "P1", title: "Late", body: "too late" } as never)).rejects.toMatchObject({ code: "conflict" });
    await expect(mergePullRequest(prisma, dana, pull.id, { method: "merge", headSha: pull.headSha })).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/is merged/) });

    // The next sync from the source (still behind the merge) keeps the merge on main.
    const repository = await prisma.repository.findUniqueOrThrow({ where: { id: row.repositoryId } });
    await syncRepository(prisma, repository);
    expect(gitSync(mirror, ["rev-parse", "refs/heads/main"]).trim()).toBe(main);
    // Once the source has taken the merge and moved on, the source wins and the marker goes.
    gitSync(repo, ["fetch", "-q", mirror, "main"]);
    gitSync(repo, ["merge", "-q", "--ff-only", "FETCH_HEAD"]);
    const after = await commitFiles(repo, { "c.txt": "sea\n" }, "After the merge");
    await syncRepository(prisma, repository);
    expect(gitSync(mirror, ["rev-parse", "refs/heads/main"]).trim()).toBe(after);
    expect(gitSync(mirror, ["for-each-ref", "refs/gatehouse/landed"]).trim()).toBe("");
    const detail = await getPullRequest(prisma, dana.workspaceId, pull.id);
    expect(detail.pullRequest).toMatchObject({ state: "merged", merge: { method: "merge", commitSha: main, verdict: "ship", overrideReason: null, byName: danaUser.name } });
  });

  it("R8: fast-forward moves the base to the reviewed head; with a base that moved on it is refused (409) and nothing changes", async () => {
    const { prisma } = await testDatabase();
    const { dana } = await team(prisma);
    const ff = await openOn(prisma, dana, await repoWithFeature(`m-ff-${dana.userId.slice(-6)}`), "ff");
    await verdictAt(prisma, ff.pull, ff.roomId, ff.pull.headSha, "ship");
    const merged = await mergePullRequest(prisma, dana, ff.pull.id, { method: "fast-forward", headSha: ff.pull.headSha });
    expect(merged).toMatchObject({ method: "fast-forward", mergeCommitSha: ff.pull.headSha });
    expect(gitSync(ff.mirror, ["rev-parse", "refs/heads/main"]).trim()).toBe(ff.pull.headSha);

    const moved = await openOn(prisma, dana, await repoWithFeature(`m-noff-${dana.userId.slice(-6)}`, "elsewhere"), "noff");
    await verdictAt(prisma, moved.pull, moved.roomId, moved.pull.headSha, "ship");
    const before = await snapshot(prisma, moved.pull.id, moved.mirror);
    await expect(mergePullRequest(prisma, dana, moved.pull.id, { method: "fast-forward", headSha: moved.pull.headSha })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/fast-forward is not possible/),
    });
    expect(await snapshot(prisma, moved.pull.id, moved.mirror)).toEqual(before);
    expect(before).toMatchObject({ state: "open", mergeMethod: null, landed: "", audits: 0 });
  });

  it("R8: a conflicting merge is refused (409) naming the file; no ref, row or audit entry is written", async () => {
    const { prisma } = await testDatabase();
    const { dana } = await team(prisma);
    const c = await openOn(prisma, dana, await repoWithFeature(`m-conf-${dana.userId.slice(-6)}`, "conflict"), "conflict");
    await verdictAt(prisma, c.pull, c.roomId, c.pull.headSha, "ship");
    const before = await snapshot(prisma, c.pull.id, c.mirror);
    const refused = mergePullRequest(prisma, dana, c.pull.id, { method: "merge", headSha: c.pull.headSha });
    await expect(refused).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/conflicts in a\.txt\. Nothing was merged/) });
    expect(await snapshot(prisma, c.pull.id, c.mirror)).toEqual(before);
    expect(before).toMatchObject({ state: "open", mergeMethod: null, mergeCommitSha: null, landed: "", audits: 0 });
  });

  it("R8: a stale ship, a hold, a block and no verdict are refused (409) without an override; an override merges and records the reason with the person's name", async () => {
    const { prisma } = await testDatabase();
    const { dana, danaUser } = await team(prisma);
    const p = await openOn(prisma, dana, await repoWithFeature(`m-gate-${dana.userId.slice(-6)}`), "gate");
    const merge = (extra: { overrideReason?: string } = {}) => mergePullRequest(prisma, dana, p.pull.id, { method: "merge", headSha: p.pull.headSha, ...extra });
    const before = await snapshot(prisma, p.pull.id, p.mirror);

    await expect(merge()).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/no verdict for/) });
    // R8: ship for an older head speaks for nothing.
    await verdictAt(prisma, p.pull, p.roomId, "0".repeat(40), "ship");
    await expect(merge()).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/ship verdict is for 000000000000, not the current head .* stale/) });
    await verdictAt(prisma, p.pull, p.roomId, p.pull.headSha, "hold");
    await expect(merge()).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/is hold, not ship.*overriding with a reason/) });
    await verdictAt(prisma, p.pull, p.roomId, p.pull.headSha, "block");
    await expect(merge()).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/is block, not ship/) });
    // A too-short reason is a form error, not an override.
    await expect(merge({ overrideReason: "ok" })).rejects.toThrow(/few words/);
    expect(await snapshot(prisma, p.pull.id, p.mirror)).toEqual(before);

    const merged = await merge({ overrideReason: "Hotfix for the outage; the block is the known flaky lint" });
    expect(merged).toMatchObject({ verdict: "block", override: "Hotfix for the outage; the block is the known flaky lint" });
    const row = await prisma.pullRequest.findUniqueOrThrow({ where: { id: p.pull.id } });
    expect(row).toMatchObject({ state: "merged", mergeVerdict: "block", mergeOverrideReason: "Hotfix for the outage; the block is the known flaky lint" });
    const audit = await prisma.auditEvent.findFirstOrThrow({ where: { targetId: p.pull.id, action: "pull_request.merged_with_override" } });
    expect(audit).toMatchObject({ actorId: dana.userId, data: expect.objectContaining({ verdict: "block", override: row.mergeOverrideReason, by: danaUser.name }) });
    const event = await prisma.runEvent.findFirstOrThrow({ where: { roomId: p.roomId, type: "pull.state_changed" } });
    expect(event.data).toMatchObject({ state: "merged", reason: `Merged over block: ${row.mergeOverrideReason}` });
    expect(gitSync(p.mirror, ["log", "-1", "--format=%B", "refs/heads/main"])).toContain(`Merged over a block verdict by ${danaUser.name}`);
  });

  it("R8: a head that moved since the person looked, or a head branch ahead of the reviewed head, is refused; nothing changes", async () => {
    const { prisma } = await testDatabase();
    const { dana } = await team(prisma);
    const repo = await repoWithFeature(`m-moved-${dana.userId.slice(-6)}`);
    const p = await openOn(prisma, dana, repo, "moved");
    await verdictAt(prisma, p.pull, p.roomId, p.pull.headSha, "ship");
    const before = await snapshot(prisma, p.pull.id, p.mirror);
    await expect(mergePullRequest(prisma, dana, p.pull.id, { method: "merge", headSha: "1".repeat(40) })).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/head moved/) });
    // Someone pushed to the head branch; the pull request has not seen it yet.
    checkout(repo, "feature");
    await commitFiles(repo, { "a.txt": "ONE\nTWO\nthree\n" }, "Shout one too");
    checkout(repo, "main");
    await expect(mergePullRequest(prisma, dana, p.pull.id, { method: "merge", headSha: p.pull.headSha })).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/Refresh head/) });
    expect(await snapshot(prisma, p.pull.id, p.mirror)).toEqual(before);
  });

  it("merging is for members: a viewer is refused (403), another workspace sees no such pull request (404), a GitHub pull request merges on GitHub (422)", async () => {
    const { prisma } = await testDatabase();
    const { dana, vic } = await team(prisma);
    const p = await openOn(prisma, dana, await repoWithFeature(`m-authz-${dana.userId.slice(-6)}`), "authz");
    await verdictAt(prisma, p.pull, p.roomId, p.pull.headSha, "ship");
    const before = await snapshot(prisma, p.pull.id, p.mirror);
    await expect(mergePullRequest(prisma, vic, p.pull.id, { method: "merge", headSha: p.pull.headSha })).rejects.toMatchObject({ code: "forbidden" });
    const stranger = await createUser(prisma);
    const other = await createWorkspace(prisma, [{ userId: stranger.id, role: "owner" }]);
    await expect(mergePullRequest(prisma, { workspaceId: other.id, userId: stranger.id, role: "owner" }, p.pull.id, { method: "merge", headSha: p.pull.headSha })).rejects.toMatchObject({ code: "not_found" });
    expect(await snapshot(prisma, p.pull.id, p.mirror)).toEqual(before);
    await prisma.pullRequest.update({ where: { id: p.pull.id }, data: { source: "github" } });
    await expect(mergePullRequest(prisma, dana, p.pull.id, { method: "merge", headSha: p.pull.headSha })).rejects.toMatchObject({ code: "unprocessable", message: expect.stringMatching(/GitHub/) });
  });

  it("R8: two people merging at once: one merges, the other is refused, the base moves once", async () => {
    const { prisma } = await testDatabase();
    const { dana } = await team(prisma);
    const p = await openOn(prisma, dana, await repoWithFeature(`m-race-${dana.userId.slice(-6)}`, "elsewhere"), "race");
    await verdictAt(prisma, p.pull, p.roomId, p.pull.headSha, "ship");
    const results = await Promise.allSettled([0, 1, 2].map(() => mergePullRequest(prisma, dana, p.pull.id, { method: "merge", headSha: p.pull.headSha })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const won = (results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<{ mergeCommitSha: string }>).value;
    expect(gitSync(p.mirror, ["rev-parse", "refs/heads/main"]).trim()).toBe(won.mergeCommitSha);
    expect(gitSync(p.mirror, ["rev-list", "--count", "--merges", "refs/heads/main"]).trim()).toBe("1");
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "conflict" });
  });
});

void path;

/**
 * H1, H3 for the git writes Gatehouse makes itself: merging a pull request
 * and applying a suggestion. The repository routes every path through "evil"
 * filter, diff and merge drivers, ships hooks and a config naming programs;
 * worse, the test plants the same drivers, hooks and attributes straight
 * into Gatehouse's mirror (as if its config had been tampered with). Merge
 * commit, fast-forward and apply-suggestion still run no program on the
 * host: each program would leave a marker file. Without the mirror's
 * attributes refreshed before every write, the planted merge driver runs
 * during the merge (and its marker appears).
 */
import { appendFile, chmod, mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "../../lib/db/generated/client";
import { applySuggestion } from "../../lib/pulls/apply-suggestion";
import { mergePullRequest } from "../../lib/pulls/merge-pull-request";
import { openPullRequest } from "../../lib/pulls/open-pull-request";
import { gitSync } from "../../lib/repos/git.test-support";
import { mirrorPath } from "../../lib/repos/mirror-paths";
import type { WorkspaceActor } from "../../lib/workspaces/actor";
import { testDatabase } from "../support/db";
import { createAgent, createUser, createWorkspace } from "../support/factories";
import { checkout, commitFiles, makeRepo, useDataDir } from "../support/reviews";

let data: Awaited<ReturnType<typeof useDataDir>>;
let marks: string;
beforeAll(async () => {
  data = await useDataDir();
  marks = path.join(data.root, "marks");
  await mkdir(marks);
});
afterAll(() => data.cleanup());

const HOOKS = ["pre-commit", "post-commit", "commit-msg", "post-merge", "pre-merge-commit", "reference-transaction", "post-checkout", "post-index-change", "post-rewrite"];

function drivers(tag: string): string {
  const m = (what: string) => `touch ${path.join(marks, `${tag}-${what}`)}`;
  return `[filter "evil"]
\tsmudge = "${m("smudge")}; cat"
\tclean = "${m("clean")}; cat"
\tprocess = "${m("filter-process")}"
\trequired = true
[diff "evil"]
\ttextconv = "${m("textconv")}; cat"
[merge "evil"]
\tname = evil
\tdriver = "${m("merge-driver")}; cp %B %A; false"
[core]
\tfsmonitor = "${m("fsmonitor")}; echo"
\thooksPath = ${path.join(marks, "..", `${tag}-hooks`)}
`;
}

async function writeHooks(dir: string, tag: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const hook of HOOKS) await writeFile(path.join(dir, hook), `#!/bin/sh\ntouch ${path.join(marks, `${tag}-hook-${hook}`)}\n`, { mode: 0o755 });
}

/** A hostile source opened as a pull request; with `mainMoves`, its merge needs a real three-way content merge of a.txt. */
async function hostilePull(prisma: PrismaClient, tag: string, mainMoves: boolean) {
  const user = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: user.id, role: "owner" }]);
  const actor: WorkspaceActor = { workspaceId: workspace.id, userId: user.id, role: "owner" };
  const attributes = "* filter=evil diff=evil merge=evil\n";
  const repo = await makeRepo(data.root, `hostile-${tag}`, { ".gitattributes": attributes, "a.txt": "1\n2\n3\n4\n5\n6\n7\n8\n" });
  checkout(repo, "feature", true);
  await commitFiles(repo, { "a.txt": "1\nTWO\n3\n4\n5\n6\n7\n8\n" }, "Feature edits line 2");
  checkout(repo, "main");
  if (mainMoves) await commitFiles(repo, { "a.txt": "1\n2\n3\n4\n5\n6\n7\nEIGHT\n" }, "Main edits line 8");
  // Shipped with the source, as a hostile author would (written after the test's own commits).
  await appendFile(path.join(repo, ".git", "config"), drivers(`${tag}-source`));
  await writeHooks(path.join(repo, ".git", "hooks"), `${tag}-source`);
  await writeHooks(path.join(data.root, `${tag}-source-hooks`), `${tag}-source-hookspath`);

  const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: `hostile-${tag}`, path: repo } });
  const agent = await createAgent(prisma, workspace.id, { scenarios: [] });
  const { pull, room } = await openPullRequest(prisma, actor, { repositoryId: repository.id, baseRef: "main", headRef: "feature", title: "Hostile", agentId: agent.id });
  await prisma.job.deleteMany({});

  // The worst case: the mirror itself names the drivers, hooks and attributes.
  const mirror = mirrorPath(repository.id);
  await appendFile(path.join(mirror, "config"), drivers(`${tag}-mirror`));
  await writeHooks(path.join(mirror, "hooks"), `${tag}-mirror`);
  await writeHooks(path.join(data.root, `${tag}-mirror-hooks`), `${tag}-mirror-hookspath`);
  await writeFile(path.join(mirror, "info", "attributes"), attributes);
  await chmod(path.join(mirror, "info", "attributes"), 0o644);
  return { actor, pull, room, mirror, repo };
}

async function markers(): Promise<string[]> {
  return (await readdir(marks)).sort();
}

describe("H1: merging and applying a suggestion run nothing a repository or a tampered mirror names", () => {
  it("H1, H3: a merge commit through evil merge/filter drivers and hooks runs none of them and merges the content with git's own merge", async () => {
    const { prisma } = await testDatabase();
    const { actor, pull, room, mirror } = await hostilePull(prisma, "merge", true);
    await prisma.review.create({ data: { pullRequestId: pull.id, roomId: room.id, headSha: pull.headSha, verdict: "ship", explanation: {} } });

    const merged = await mergePullRequest(prisma, actor, pull.id, { method: "merge", headSha: pull.headSha });

    // Git's built-in three-way merge: both edits, no driver's "take theirs".
    expect(gitSync(mirror, ["show", `${merged.mergeCommitSha}:a.txt`])).toBe("1\nTWO\n3\n4\n5\n6\n7\nEIGHT\n");
    expect(await markers()).toEqual([]);
  });

  it("H1, H3: a fast-forward and an applied suggestion through the same drivers and hooks run none of them", async () => {
    const { prisma } = await testDatabase();
    const { actor, pull, room, mirror } = await hostilePull(prisma, "apply", false);
    const finding = await prisma.finding.create({
      data: {
        pullRequestId: pull.id, roomId: room.id, kind: "suggestion", priority: "P2", confidence: 0.8, title: "Say three", body: "b",
        suggestion: "THREE", file: "a.txt", startLine: 3, endLine: 3, anchorSha: pull.headSha, author: "agent:reviewer", fingerprint: "fp-hostile",
      },
    });
    const { commit } = await applySuggestion(prisma, actor, { pullRequestId: pull.id, findingId: finding.id }, { headSha: pull.headSha });
    // Stored as written (no clean filter touched it).
    expect(gitSync(mirror, ["show", `${commit}:a.txt`])).toBe("1\nTWO\nTHREE\n4\n5\n6\n7\n8\n");
    await prisma.job.deleteMany({});

    await prisma.review.create({ data: { pullRequestId: pull.id, roomId: room.id, headSha: commit, verdict: "ship", explanation: {} } });
    const merged = await mergePullRequest(prisma, actor, pull.id, { method: "fast-forward", headSha: commit });
    expect(merged.mergeCommitSha).toBe(commit);
    expect(await markers()).toEqual([]);
  });
});

/**
 * R5: a failed axis shows its log — the end of what it printed in the sandbox,
 * or what a GitHub check said — bounded and scrubbed of credentials (H4), read
 * through the pull request it belongs to and nowhere else (H3).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "../../lib/db/generated/client";
import { openPullRequest } from "../../lib/pulls/open-pull-request";
import { getAxisLog } from "../../lib/reviews/get-axis-log";
import { recordCheckRun } from "../../lib/reviews/record-check-run";
import { runAxes } from "../../lib/reviews/run-axes";
import { AXIS_LOG_CHARS } from "../../lib/reviews/axis-log";
import { testDatabase } from "../support/db";
import { createAgent, createUser, createWorkspace } from "../support/factories";
import { checkout, commitFiles, makeRepo, useDataDir } from "../support/reviews";

let data: Awaited<ReturnType<typeof useDataDir>>;
beforeAll(async () => {
  data = await useDataDir();
});
afterAll(() => data.cleanup());

async function pullWithAxes(prisma: PrismaClient, axes: { name: string; command: string; gated: boolean }[]) {
  const owner = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
  const agent = await createAgent(prisma, workspace.id, { scenarios: [] });
  const repoPath = await makeRepo(data.root, `logs-${workspace.slug}`, { "README.md": "# r\n", "gatehouse.axes.json": JSON.stringify({ axes }) });
  checkout(repoPath, "feature", true);
  await commitFiles(repoPath, { "notes.md": "hello\n" }, "the change under review");
  const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "repo", path: repoPath } });
  const actor = { workspaceId: workspace.id, userId: owner.id, role: "owner" as const };
  const { pull } = await openPullRequest(prisma, actor, { repositoryId: repository.id, baseRef: "main", headRef: "feature", title: "Logs", agentId: agent.id });
  return { pull, workspace };
}

describe("axis logs", () => {
  it(
    "R5/H4: a failed axis keeps the end of its output, bounded and scrubbed; a passing one keeps none; another workspace cannot read it",
    async () => {
      const { prisma } = await testDatabase();
      // 3000 numbered lines, a token the tests printed, then the failure at the end.
      const noisy = `i=0; while [ $i -lt 3000 ]; do echo "progress line $i"; i=$((i+1)); done; echo "token ghp_abcdefghijklmnopqrstuvwxyz012345 leaked"; echo "FAIL src/a.test.ts: expected 3, got 4" >&2; exit 1`;
      const { pull, workspace } = await pullWithAxes(prisma, [
        { name: "tests", command: noisy, gated: true },
        { name: "types", command: "echo all good", gated: true },
      ]);
      await runAxes(prisma, { repositoryId: pull.repositoryId, headSha: pull.headSha });
      const read = (axis: string) => getAxisLog(prisma, workspace.id, pull.id, { axis, head: pull.headSha, source: "sandbox" });

      const failed = await read("tests");
      expect(failed.status).toBe("fail");
      expect(failed.log).toContain("FAIL src/a.test.ts: expected 3, got 4");
      expect(failed.log).toContain("progress line 2999");
      expect(failed.log).not.toContain("progress line 0\n");
      expect(failed.log!.startsWith("… (earlier output not kept)")).toBe(true);
      expect(failed.log!.length).toBeLessThanOrEqual(AXIS_LOG_CHARS + 40);
      expect(failed.log).not.toContain("ghp_abcdefghijklmnopqrstuvwxyz012345");
      expect(failed.log).toContain("[redacted]");
      // The one-line summary is scrubbed too.
      expect(failed.detail).not.toContain("ghp_");
      expect((await read("types")).log).toBeNull();

      const outsider = await createWorkspace(prisma, []);
      await expect(getAxisLog(prisma, outsider.id, pull.id, { axis: "tests", head: pull.headSha, source: "sandbox" })).rejects.toMatchObject({ code: "not_found" });
    },
    120_000,
  );

  it("R5: a failed GitHub check shows what it said — its title, summary and text — beyond its conclusion", async () => {
    const { prisma } = await testDatabase();
    const { pull, workspace } = await pullWithAxes(prisma, [{ name: "ci", command: "true", gated: true }]);
    await recordCheckRun(prisma, {
      repositoryId: pull.repositoryId,
      headSha: pull.headSha,
      name: "ci",
      conclusion: "failure",
      output: "2 tests failed\n\nsrc/pricing.test.ts › caps at 50%\nexpected 50, received 60",
    });
    const view = await getAxisLog(prisma, workspace.id, pull.id, { axis: "ci", head: pull.headSha, source: "check_run" });
    expect(view).toMatchObject({ status: "fail", detail: expect.stringContaining("conclusion failure") });
    expect(view.log).toBe("2 tests failed\n\nsrc/pricing.test.ts › caps at 50%\nexpected 50, received 60");
  });
});

/**
 * The seeded demo workspace has a pull request that its built-in
 * reviewer (no model configured) reviews through the harness and the tools.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../lib/demo/seed-demo";
import { getPullRequest } from "../../lib/pulls/get-pull-request";
import { BUILTIN_REVIEWER_NAME } from "../../lib/reviews/pick-review-agent";
import { testDatabase } from "../support/db";
import { drainJobs, useDataDir } from "../support/reviews";

let data: Awaited<ReturnType<typeof useDataDir>>;
beforeAll(async () => {
  data = await useDataDir();
});
afterAll(() => data.cleanup());

describe("demo seed", () => {
  it("R1, R5: the seeded pull request is reviewed by the built-in reviewer and blocked by the committed key", async () => {
    const db = await testDatabase();
    const { prisma } = db;
    expect(await seedDemo(prisma)).not.toBeNull();
    const workspace = await prisma.workspace.findUniqueOrThrow({ where: { slug: "demo" } });
    const pull = await prisma.pullRequest.findFirstOrThrow({ where: { workspaceId: workspace.id }, include: { room: { include: { agent: true } } } });
    expect(pull).toMatchObject({ number: 1, headRef: "feature/discount-cap", baseRef: "main" });
    expect(pull.room).toMatchObject({ mode: "review", agent: { name: BUILTIN_REVIEWER_NAME } });

    const drained = await drainJobs(db);
    expect(drained.errors).toEqual([]);
    const detail = await getPullRequest(prisma, workspace.id, pull.id);
    expect(detail.verdict?.verdict).toBe("block");
    expect(detail.verdict!.rules[0]!.text).toMatch(/P0 .*AWS/);
    expect(detail.pullRequest.counts.open).toBeGreaterThanOrEqual(4);
  });
});

/**
 * R3 and R5 on PostgreSQL: a workspace decides how many confirmations from
 * people other than the author each priority needs before consensusReady;
 * confirmations, withdrawals and reopens count against it under the finding's
 * lock, a change of the setting settles every live finding again, and the
 * verdict's explanation names the findings lacking consensus with what each
 * still needs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import type { PrismaClient } from "../../lib/db/generated/client";
import { getPullRequest } from "../../lib/pulls/get-pull-request";
import { openPullRequest } from "../../lib/pulls/open-pull-request";
import { changeFindingStatus } from "../../lib/reviews/change-finding-status";
import { confirmFinding } from "../../lib/reviews/confirm-finding";
import { getFinding } from "../../lib/reviews/get-finding";
import { getRequiredConfirmations, setRequiredConfirmations } from "../../lib/reviews/set-required-confirmations";
import { withdrawConfirmation } from "../../lib/reviews/withdraw-confirmation";
import { reviewServices } from "../../lib/runtime/review-services";
import { testDatabase } from "../support/db";
import { createAgent, createUser, createWorkspace } from "../support/factories";
import { checkout, commitFiles, makeRepo, useDataDir } from "../support/reviews";

let data: Awaited<ReturnType<typeof useDataDir>>;
beforeAll(async () => {
  data = await useDataDir();
});
afterAll(() => data.cleanup());

const SOURCE = Array.from({ length: 30 }, (_, i) => `export const v${i} = ${i};`).join("\n") + "\n";
type Role = "owner" | "admin" | "member" | "viewer";

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
  const person = async (role: Role = "member") => {
    const user = await createUser(prisma);
    await prisma.membership.create({ data: { workspaceId: workspace.id, userId: user.id, role } });
    return { workspaceId: workspace.id, userId: user.id, role };
  };
  const raise = async (over: Record<string, unknown> = {}) => {
    const result = await services.addNode({ kind: "bug", priority: "P0", confidence: 0.9, title: "Wrong constant", body: "v3 should stay 3.", anchor: { file: "src/a.ts", startLine: 4, endLine: 4 }, ...over });
    return (result as { findingId: string }).findingId;
  };
  return { workspace, actor, pull: opened.pull, room: opened.room, services, person, raise };
}

const P0_NEEDS_TWO = { requiredConfirmations: { P0: 2, P1: 1, P2: 1, P3: 1 } };

describe("R3: required confirmations per priority", () => {
  it("R3, R5: with P0 needing two confirmations, one leaves it open and the verdict names it and what it still needs; the second makes it consensusReady", async () => {
    const { prisma } = await testDatabase();
    const { workspace, actor, pull, services, person, raise } = await setup(prisma);
    expect(await getRequiredConfirmations(prisma, workspace.id)).toEqual({ P0: 1, P1: 1, P2: 1, P3: 1 });
    await setRequiredConfirmations(prisma, actor, P0_NEEDS_TWO);
    const p0 = await raise();
    const p2 = await raise({ priority: "P2", title: "Unclear name", anchor: { file: "src/a.ts", startLine: 9, endLine: 9 } });
    expect((await services.finalize({})).verdict).toBe("block");
    // R5: each finding is named once; a counted one says what it lacks on the line that counts it.
    const lacking = async () => (await getPullRequest(prisma, workspace.id, pull.id)).verdict!.rules.filter((r) => r.text.includes("lacks consensus")).map((r) => [r.effect, r.text]);
    expect(await lacking()).toEqual([
      ["block", "P0 'Wrong constant' (confidence 0.9 ≥ 0.5) → block; lacks consensus: 0 of 2 confirmations, needs 2 more"],
      ["ship", "P2 'Unclear name' lacks consensus: 0 of 1 confirmation, needs 1 more"],
    ]);

    const [sam, ida] = [await person(), await person("admin")];
    const first = await confirmFinding(prisma, sam, { pullRequestId: pull.id, findingId: p0 });
    expect(first).toMatchObject({ confirmed: true, consensus: false, confirmations: 1, required: 2, finding: { status: "open", requiredConfirmations: 2 } });
    expect(await lacking()).toEqual([
      ["block", "P0 'Wrong constant' (confidence 0.9 ≥ 0.5) → block; lacks consensus: 1 of 2 confirmations, needs 1 more"],
      ["ship", "P2 'Unclear name' lacks consensus: 0 of 1 confirmation, needs 1 more"],
    ]);
    const second = await confirmFinding(prisma, ida, { pullRequestId: pull.id, findingId: p0 });
    expect(second).toMatchObject({ confirmed: true, consensus: true, confirmations: 2, finding: { status: "consensusReady" } });
    expect(await lacking()).toEqual([["ship", "P2 'Unclear name' lacks consensus: 0 of 1 confirmation, needs 1 more"]]);
    // Consensus does not relax the verdict: an open P0 still blocks (R5).
    expect((await getPullRequest(prisma, workspace.id, pull.id)).verdict!.verdict).toBe("block");
    await confirmFinding(prisma, sam, { pullRequestId: pull.id, findingId: p2 });
    expect(await lacking()).toEqual([]);

    // R10 with the requirement: withdrawing one of two confirmations loses the consensus.
    const withdrawn = await withdrawConfirmation(prisma, ida, { pullRequestId: pull.id, findingId: p0 });
    expect(withdrawn).toMatchObject({ consensusLost: true, finding: { status: "open" } });
    // A reopen is consensusReady only with enough confirmations.
    await changeFindingStatus(prisma, actor, { pullRequestId: pull.id, findingId: p0 }, { action: "resolve" });
    expect((await changeFindingStatus(prisma, actor, { pullRequestId: pull.id, findingId: p0 }, { action: "reopen" })).finding.status).toBe("open");
    const history = await getFinding(prisma, { workspaceId: workspace.id, pullRequestId: pull.id, findingId: p0 });
    expect(history.events.filter((e) => e.type === "confirmed" || e.type === "consensus").map((e) => [e.type, e.data])).toEqual([
      ["confirmed", { confirmations: 1, required: 2 }],
      ["consensus", { confirmations: 2, required: 2 }],
    ]);
  });

  it("R3: changing the setting settles every live finding again (both ways), records why, and re-forms the verdict", async () => {
    const { prisma } = await testDatabase();
    const { workspace, actor, pull, room, services, person, raise } = await setup(prisma);
    const p0 = await raise();
    const p1 = await raise({ priority: "P1", title: "Off by one", anchor: { file: "src/a.ts", startLine: 6, endLine: 6 } });
    await services.finalize({});
    const sam = await person();
    await confirmFinding(prisma, sam, { pullRequestId: pull.id, findingId: p0 });
    await confirmFinding(prisma, sam, { pullRequestId: pull.id, findingId: p1 });
    const status = async (id: string) => (await prisma.finding.findUniqueOrThrow({ where: { id } })).status;
    expect([await status(p0), await status(p1)]).toEqual(["consensusReady", "consensusReady"]);

    const raised = await setRequiredConfirmations(prisma, actor, P0_NEEDS_TWO);
    expect(raised.moved).toEqual([{ findingId: p0, pullRequestId: pull.id, status: "open" }]);
    expect([await status(p0), await status(p1)]).toEqual(["open", "consensusReady"]);
    const verdict = (await getPullRequest(prisma, workspace.id, pull.id)).verdict!;
    expect(verdict.trigger).toBe("settings");
    expect(verdict.rules.find((r) => r.text.includes("lacks consensus"))?.text).toBe("P0 'Wrong constant' (confidence 0.9 ≥ 0.5) → block; lacks consensus: 1 of 2 confirmations, needs 1 more");
    const events = await prisma.runEvent.findMany({ where: { roomId: room.id, type: "finding.updated", data: { path: ["change"], equals: "consensus_lost" } } });
    expect(events.map((e) => e.data)).toEqual([expect.objectContaining({ findingId: p0, status: "open", by: actor.userId })]);
    expect((await getFinding(prisma, { workspaceId: workspace.id, pullRequestId: pull.id, findingId: p0 })).events.at(-1)).toMatchObject({
      type: "consensus_lost",
      data: { reason: "required confirmations changed", confirmations: 1, required: 2 },
    });
    expect(await prisma.auditEvent.findFirst({ where: { workspaceId: workspace.id, action: "review.required_confirmations.set" } })).toMatchObject({
      actorId: actor.userId,
      data: { from: { P0: 1 }, to: { P0: 2 } },
    });

    const lowered = await setRequiredConfirmations(prisma, actor, { requiredConfirmations: { P0: 1, P1: 1, P2: 1, P3: 1 } });
    expect(lowered.moved).toEqual([{ findingId: p0, pullRequestId: pull.id, status: "consensusReady" }]);
    expect((await getPullRequest(prisma, workspace.id, pull.id)).verdict!.rules.some((r) => r.text.includes("lacks consensus"))).toBe(false);
  });

  it("R3: of parallel confirmations of a P0 needing three, exactly one records the consensus, also racing a change of the setting", async () => {
    const { prisma } = await testDatabase();
    const { actor, pull, person, raise } = await setup(prisma);
    await setRequiredConfirmations(prisma, actor, { requiredConfirmations: { P0: 3, P1: 1, P2: 1, P3: 1 } });
    const p0 = await raise();
    const people = await Promise.all(Array.from({ length: 6 }, () => person()));
    const outcomes = await Promise.all([
      ...people.map((p) => confirmFinding(prisma, p, { pullRequestId: pull.id, findingId: p0 })),
      setRequiredConfirmations(prisma, actor, { requiredConfirmations: { P0: 5, P1: 1, P2: 1, P3: 1 } }),
    ]);
    const confirmations = outcomes.slice(0, 6) as Awaited<ReturnType<typeof confirmFinding>>[];
    expect(confirmations.every((o) => o.confirmed)).toBe(true);
    // Six confirmations reach both three and five: whatever the order, the finding ends consensusReady, moved there exactly once.
    expect((await prisma.finding.findUniqueOrThrow({ where: { id: p0 } })).status).toBe("consensusReady");
    const moves = await prisma.findingEvent.findMany({ where: { findingId: p0, type: { in: ["consensus", "consensus_lost"] } }, orderBy: { createdAt: "asc" } });
    expect(moves.filter((m) => m.type === "consensus").length - moves.filter((m) => m.type === "consensus_lost").length).toBe(1);
  });

  it("R3: the setting is whole numbers from 1 to 5 for every priority, set by admins and owners only", async () => {
    const { prisma } = await testDatabase();
    const { workspace, actor, person } = await setup(prisma);
    for (const bad of [
      { requiredConfirmations: { P0: 0, P1: 1, P2: 1, P3: 1 } },
      { requiredConfirmations: { P0: 6, P1: 1, P2: 1, P3: 1 } },
      { requiredConfirmations: { P0: 1.5, P1: 1, P2: 1, P3: 1 } },
      { requiredConfirmations: { P0: 2, P1: 1, P2: 1 } },
      { requiredConfirmations: { P0: 2, P1: 1, P2: 1, P3: 1, P4: 1 } },
    ]) {
      const error = await setRequiredConfirmations(prisma, actor, bad).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ZodError);
    }
    const zero = (await setRequiredConfirmations(prisma, actor, { requiredConfirmations: { P0: 0, P1: 1, P2: 1, P3: 1 } }).catch((e: unknown) => e)) as ZodError;
    expect(zero.issues[0]).toMatchObject({ path: ["requiredConfirmations", "P0"], message: expect.stringMatching(/at least one/) });
    for (const role of ["member", "viewer"] as const) {
      await expect(setRequiredConfirmations(prisma, await person(role), P0_NEEDS_TWO)).rejects.toMatchObject({ code: "forbidden" });
    }
    await setRequiredConfirmations(prisma, await person("admin"), P0_NEEDS_TWO);
    expect(await getRequiredConfirmations(prisma, workspace.id)).toEqual({ P0: 2, P1: 1, P2: 1, P3: 1 });
    // A stored value this build cannot read falls back to one for every priority.
    await prisma.workspace.update({ where: { id: workspace.id }, data: { requiredConfirmations: { version: 9, anything: true } } });
    expect(await getRequiredConfirmations(prisma, workspace.id)).toEqual({ P0: 1, P1: 1, P2: 1, P3: 1 });
  });
});

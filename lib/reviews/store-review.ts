import "server-only";
/**
 * R5: form the verdict of a pull request at its current head and store it as
 * a Review. The platform does this, never the agent: the inputs are the
 * pull request's findings (open and consensusReady count, at or above the
 * workspace's confidence threshold), the axes declared at the base (R7), and the
 * axis results recorded for the head.
 *
 * Reviews are append-only. A verdict re-formed because new evidence arrived
 * (axis results, a finding resolved or dismissed) is a new Review with its own
 * time and trigger, so the history shows what the verdict was and why at every
 * moment; the current verdict is the newest Review at the current head. A
 * re-form that would change nothing stores nothing.
 *
 * Forming takes a row lock on the pull request, so concurrent re-forms of one
 * pull request are serialized and never interleave.
 */
import type { Prisma as Db, PrismaClient, Review } from "../db/generated/client";
import { recordEvent } from "../events/record-event";
import { requestPublish } from "../github/request-publish";
import { formVerdict, type VerdictOutcome } from "./form-verdict";
import { readAxesAt } from "./read-axes-at";
import { readExplanation } from "./stored-explanation";
import { readBaseAxes } from "./read-base-axes";
import { mirrorPath } from "../repos/mirror-paths";
import type { ReviewCoverage } from "./schemas";
import { readRequiredConfirmations } from "./required-confirmations";

/** What made a verdict be formed: the review was published, or evidence changed afterwards. */
export type ReviewTrigger = "finalize" | "axes" | "check_run" | "finding" | "coverage" | "settings";

/** Review.explanation as stored. */
export interface ReviewExplanation extends Omit<VerdictOutcome, "verdict"> {
  trigger: ReviewTrigger;
  threshold: number;
  /** set when gatehouse.axes.json could not be read at the head */
  axesError?: string;
  /** how many findings were considered (all statuses) */
  findings: number;
  /** R11: what the review read (stated at finalize, carried into re-forms at the same head) */
  coverage?: ReviewCoverage;
  /** R11: who accepted this head's coverage gap */
  gapAcceptedBy?: string;
}

export interface StoreReviewInput {
  pullRequestId: string;
  trigger: ReviewTrigger;
  runId?: string | null;
  summary?: string | null;
  /** re-forms only: store nothing unless a review was already published at this head and the outcome differs */
  onlyIfChanged?: boolean;
  /** R11: the coverage the reviewer stated when it published */
  coverage?: ReviewCoverage;
}

export async function storeReview(prisma: PrismaClient, input: StoreReviewInput): Promise<{ review: Review; outcome: VerdictOutcome } | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const pull = await prisma.pullRequest.findUnique({ where: { id: input.pullRequestId }, include: { room: { select: { id: true } } } });
    if (!pull?.room) return null;
    // R7: the base declares the gates; the head under review cannot relax them.
    const axes = await readBaseAxes(mirrorPath(pull.repositoryId), pull);
    const stored = await prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT "id" FROM "PullRequest" WHERE "id" = ${pull.id} FOR UPDATE`;
      const current = await tx.pullRequest.findUniqueOrThrow({ where: { id: pull.id }, select: { headSha: true } });
      if (current.headSha !== pull.headSha) return "moved" as const;
      const latest = await tx.review.findFirst({ where: { pullRequestId: pull.id, headSha: pull.headSha }, orderBy: { createdAt: "desc" } });
      if (input.onlyIfChanged && !latest) return null;
      const coverage = input.coverage ?? (latest?.explanation as Partial<ReviewExplanation> | null)?.coverage ?? null;
      const { outcome, explanation } = await formAt(tx, { ...pull, roomId: pull.room!.id }, axes, input.trigger, coverage);
      if (input.onlyIfChanged && latest && sameOutcome(latest, outcome)) return null;
      const review = await tx.review.create({
        data: {
          pullRequestId: pull.id,
          roomId: pull.room!.id,
          headSha: pull.headSha,
          verdict: outcome.verdict,
          explanation: explanation as unknown as Db.InputJsonValue,
          // A re-formed verdict carries the summary of the review it re-forms.
          summary: input.summary ?? (input.trigger === "finalize" ? null : (latest?.summary ?? null)),
          runId: input.runId ?? null,
        },
      });
      await recordEvent(tx, {
        workspaceId: pull.workspaceId,
        roomId: pull.room!.id,
        runId: input.runId ?? null,
        type: "review.published",
        data: { pullRequestId: pull.id, reviewId: review.id, verdict: review.verdict, headSha: review.headSha, trigger: input.trigger },
      });
      // R12: the verdict goes back to GitHub with the review, or not at all.
      await requestPublish(tx, pull.id);
      return { review, outcome };
    });
    if (stored !== "moved") return stored;
  }
  return null;
}

async function formAt(
  tx: Db.TransactionClient,
  pull: { id: string; workspaceId: string; repositoryId: string; headSha: string; roomId: string },
  axes: Awaited<ReturnType<typeof readAxesAt>>,
  trigger: ReviewTrigger,
  coverage: ReviewCoverage | null,
) {
  const gapAcceptedBy = coverage && !coverage.complete ? await acceptedBy(tx, pull) : null;
  const [findings, results, workspace] = await Promise.all([
    tx.finding.findMany({
      where: { pullRequestId: pull.id },
      select: { id: true, priority: true, confidence: true, title: true, status: true, outdated: true, authorUserId: true, confirmations: { select: { userId: true } } },
    }),
    tx.axisResult.findMany({ where: { repositoryId: pull.repositoryId, headSha: pull.headSha } }),
    tx.workspace.findUniqueOrThrow({ where: { id: pull.workspaceId }, select: { confidenceThreshold: true, requiredConfirmations: true } }),
  ]);
  const outcome = formVerdict({
    // R3: only confirmations by people other than the author count towards consensus.
    findings: findings.map(({ confirmations, authorUserId, ...f }) => ({ ...f, confirmations: confirmations.filter((c) => c.userId !== authorUserId).length })),
    requiredConfirmations: readRequiredConfirmations(workspace.requiredConfirmations),
    axes: axes.ok ? axes.axes : [],
    results,
    confidenceThreshold: workspace.confidenceThreshold,
    headSha: pull.headSha,
    coverage,
    gapAcceptedBy,
    ...(axes.ok ? {} : { axesError: axes.reason }),
  });
  const explanation: ReviewExplanation = {
    rules: outcome.rules,
    axisTable: outcome.axisTable,
    trigger,
    threshold: workspace.confidenceThreshold,
    findings: findings.length,
    ...(coverage ? { coverage } : {}),
    ...(gapAcceptedBy ? { gapAcceptedBy } : {}),
    ...(axes.ok ? {} : { axesError: axes.reason }),
  };
  return { outcome, explanation };
}

/** R11: the name of the person who accepted the coverage gap at this head, if anyone did. */
async function acceptedBy(tx: Db.TransactionClient, pull: { id: string; headSha: string }): Promise<string | null> {
  const row = await tx.pullRequest.findUniqueOrThrow({ where: { id: pull.id }, select: { gapAcceptedSha: true, gapAcceptedBy: true } });
  if (row.gapAcceptedSha !== pull.headSha || !row.gapAcceptedBy) return null;
  const user = await tx.user.findUnique({ where: { id: row.gapAcceptedBy }, select: { name: true, email: true } });
  return user?.name || user?.email || "a person";
}

function sameOutcome(latest: Review, outcome: VerdictOutcome): boolean {
  const previous = readExplanation(latest.explanation);
  return (
    latest.verdict === outcome.verdict &&
    canonical(previous?.rules ?? null) === canonical(outcome.rules) &&
    canonical(previous?.axisTable ?? null) === canonical(outcome.axisTable)
  );
}

/** JSON with sorted keys: jsonb does not keep key order, so plain JSON.stringify would never match. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

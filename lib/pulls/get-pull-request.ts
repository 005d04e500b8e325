import "server-only";
/**
 * Everything the review room shows about a pull request in one read: the pull
 * request, its room, the current verdict with its explanation, the axis table
 * live at the current head (so results show before a review is published),
 * the review history across heads, and the findings dropped at the read
 * boundary (R4: drops are shown, not hidden).
 */
import type { PrismaClient, Verdict } from "../db/generated/client";
import { notFound } from "../errors/app-error";
import { pickAxisResults, type AxisTableRow } from "../reviews/pick-axis-results";
import { readBaseAxes } from "../reviews/read-base-axes";
import type { AxisDeclaration } from "../reviews/schemas";
import { readExplanation } from "../reviews/stored-explanation";
import type { ReviewExplanation } from "../reviews/store-review";
import { pullInclude, toPullSummaries, type PullRequestSummary } from "./pull-view";
import { mirrorPath } from "../repos/mirror-paths";
import { toPublicationView, type PublicationView } from "../github/publication-view";
import { publishesToGithub } from "../github/request-publish";

export interface ReviewView {
  id: string;
  headSha: string;
  /** R8: evidence for an older head; it never speaks for the current one */
  stale: boolean;
  verdict: Verdict;
  rules: ReviewExplanation["rules"];
  axisTable: AxisTableRow[];
  /** finalize (the agent published) | axes | check_run | finding (re-formed on new evidence) */
  trigger: ReviewExplanation["trigger"];
  threshold: number | null;
  axesError: string | null;
  /** R11: what the review read, as the reviewer stated it (null = not stated) */
  coverage: NonNullable<ReviewExplanation["coverage"]> | null;
  /** R11: who accepted the coverage gap at this head */
  gapAcceptedBy: string | null;
  summary: string | null;
  runId: string | null;
  createdAt: string;
}

export interface PullRequestDetail {
  pullRequest: PullRequestSummary;
  room: { id: string; name: string; mode: string; agent: { id: string; name: string } | null } | null;
  /** the newest Review at the current head; null until one is published for it */
  verdict: ReviewView | null;
  /** R5/R7 at the current head: axes declared at the base, and their results so far (`missing` = none yet) */
  axes: { declared: AxisDeclaration[]; error: string | null; table: AxisTableRow[] };
  /** every Review, newest first, across heads */
  reviews: ReviewView[];
  drops: { id: string; reason: string; raw: unknown; runId: string | null; createdAt: string }[];
  /** R12: publishing to GitHub — `connected` when the repository has a GitHub name and token; the state once a publish was asked for */
  publication: { connected: boolean; state: PublicationView | null };
  /** R3: the people asked to review it, and who asked */
  reviewRequests: { userId: string; name: string; requestedBy: string; createdAt: string }[];
}

const MAX_HISTORY = 100;

export async function getPullRequest(prisma: PrismaClient, workspaceId: string, pullRequestId: string): Promise<PullRequestDetail> {
  const row = await prisma.pullRequest.findFirst({ where: { id: pullRequestId, workspaceId }, include: pullInclude });
  if (!row) throw notFound("That pull request");
  const [[summary], room, reviews, drops, results, axes, repository, publication, requests] = await Promise.all([
    toPullSummaries(prisma, [row]),
    prisma.room.findUnique({ where: { pullRequestId: row.id }, select: { id: true, name: true, mode: true, agent: { select: { id: true, name: true } } } }),
    prisma.review.findMany({ where: { pullRequestId: row.id }, orderBy: { createdAt: "desc" }, take: MAX_HISTORY }),
    prisma.droppedFinding.findMany({ where: { pullRequestId: row.id }, orderBy: { createdAt: "desc" }, take: MAX_HISTORY }),
    prisma.axisResult.findMany({ where: { repositoryId: row.repositoryId, headSha: row.headSha } }),
    readBaseAxes(mirrorPath(row.repositoryId), row),
    prisma.repository.findUniqueOrThrow({ where: { id: row.repositoryId }, select: { githubFullName: true, githubToken: true } }),
    prisma.forgePublication.findUnique({ where: { pullRequestId: row.id } }),
    prisma.reviewRequest.findMany({ where: { pullRequestId: row.id }, orderBy: { createdAt: "asc" }, include: { user: { select: { name: true } } } }),
  ]);
  const askers = new Map(
    (await prisma.user.findMany({ where: { id: { in: [...new Set(requests.map((r) => r.requestedById))] } }, select: { id: true, name: true } })).map((u) => [u.id, u.name]),
  );
  const views = reviews.map((r) => toReviewView(r, row.headSha));
  const declared = axes.ok ? axes.axes : [];
  return {
    pullRequest: summary!,
    room,
    verdict: views.find((r) => r.headSha === row.headSha) ?? null,
    axes: { declared, error: axes.ok ? null : axes.reason, table: pickAxisResults(declared, results, row.headSha) },
    reviews: views,
    drops: drops.map((d) => ({ id: d.id, reason: d.reason, raw: d.raw, runId: d.runId, createdAt: d.createdAt.toISOString() })),
    publication: { connected: publishesToGithub(repository), state: publication ? toPublicationView(publication, row.headSha, reviews.find((r) => r.id === publication.reviewId)?.verdict ?? null) : null },
    reviewRequests: requests.map((r) => ({ userId: r.userId, name: r.user.name, requestedBy: askers.get(r.requestedById) ?? "a former member", createdAt: r.createdAt.toISOString() })),
  };
}

function toReviewView(review: { id: string; headSha: string; verdict: Verdict; explanation: unknown; summary: string | null; runId: string | null; createdAt: Date }, currentHead: string): ReviewView {
  const e = readExplanation(review.explanation);
  return {
    id: review.id,
    headSha: review.headSha,
    stale: review.headSha !== currentHead,
    verdict: review.verdict,
    rules: e.rules ?? [],
    axisTable: e.axisTable ?? [],
    trigger: e.trigger ?? "finalize",
    threshold: e.threshold ?? null,
    axesError: e.axesError ?? null,
    coverage: e.coverage ?? null,
    gapAcceptedBy: e.gapAcceptedBy ?? null,
    summary: review.summary,
    runId: review.runId,
    createdAt: review.createdAt.toISOString(),
  };
}

import "server-only";
/**
 * The pull-request row the browser gets in lists and at the top of the
 * detail view: refs and commits, the review room, the latest verdict (and
 * whether it is for the current head) and finding counts by status.
 */
import type { PrismaClient, Verdict } from "../db/generated/client";
import { userNames } from "../reviews/get-finding";
import { readExplanation } from "../reviews/stored-explanation";
import { verdictCaveats, type Caveat } from "./verdict-caveats";

export interface PullRequestSummary {
  id: string;
  number: number;
  title: string;
  /** open | closed | merged */
  state: string;
  /** ui | api | github */
  source: string;
  repository: { id: string; name: string };
  baseRef: string;
  headRef: string;
  /** the merge base the diff starts from */
  baseSha: string;
  headSha: string;
  roomId: string | null;
  /** the person who opened it in Gatehouse (null for GitHub's) */
  authorId: string | null;
  authorName: string | null;
  createdAt: string;
  updatedAt: string;
  /** the newest Review; `current` = it is for the current head (a push makes it stale until re-reviewed) */
  verdict: {
    reviewId: string;
    verdict: Verdict;
    headSha: string;
    current: boolean;
    createdAt: string;
    /** R5/R8: checks behind this verdict that did not pass; a ship with any shows no success colour */
    caveats: Caveat[];
  } | null;
  /** set once merged in Gatehouse: how, into which commit, over which verdict, by whom (an override's reason shows) */
  merge: { method: string; commitSha: string | null; verdict: string | null; overrideReason: string | null; byName: string | null; at: string | null } | null;
  counts: { open: number; consensusReady: number; resolved: number; dismissed: number; outdated: number; dropped: number };
}

export const pullInclude = {
  repository: { select: { id: true, name: true } },
  room: { select: { id: true } },
  reviews: { orderBy: { createdAt: "desc" }, take: 1, select: { id: true, verdict: true, headSha: true, createdAt: true, explanation: true } },
  _count: { select: { drops: true } },
} as const;

type PullRow = Awaited<ReturnType<PrismaClient["pullRequest"]["findMany"]>>[number] & {
  repository: { id: string; name: string };
  room: { id: string } | null;
  reviews: { id: string; verdict: Verdict; headSha: string; createdAt: Date; explanation: unknown }[];
  _count: { drops: number };
};

export async function toPullSummaries(prisma: PrismaClient, rows: readonly PullRow[]): Promise<PullRequestSummary[]> {
  const ids = rows.map((r) => r.id);
  const [byStatus, outdated, names] = await Promise.all([
    prisma.finding.groupBy({ by: ["pullRequestId", "status"], where: { pullRequestId: { in: ids } }, _count: { _all: true } }),
    prisma.finding.groupBy({ by: ["pullRequestId"], where: { pullRequestId: { in: ids }, outdated: true, status: { in: ["open", "consensusReady"] } }, _count: { _all: true } }),
    userNames(prisma, rows.flatMap((r) => [...(r.authorId ? [r.authorId] : []), ...(mergerOf(r) ? [mergerOf(r)!] : [])])),
  ]);
  return rows.map((row) => {
    const count = (status: string) => byStatus.find((g) => g.pullRequestId === row.id && g.status === status)?._count._all ?? 0;
    const latest = row.reviews[0];
    return {
      id: row.id,
      number: row.number,
      title: row.title,
      state: row.state,
      source: row.source,
      repository: row.repository,
      baseRef: row.baseRef,
      headRef: row.headRef,
      baseSha: row.baseSha,
      headSha: row.headSha,
      roomId: row.room?.id ?? null,
      authorId: row.authorId,
      authorName: row.authorId ? (names.get(row.authorId) ?? null) : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      verdict: latest
        ? { reviewId: latest.id, verdict: latest.verdict, headSha: latest.headSha, current: latest.headSha === row.headSha, createdAt: latest.createdAt.toISOString(), caveats: caveatsOf(latest.explanation) }
        : null,
      merge:
        row.state === "merged" && row.mergeMethod
          ? {
              method: row.mergeMethod,
              commitSha: row.mergeCommitSha,
              verdict: row.mergeVerdict,
              overrideReason: row.mergeOverrideReason,
              byName: mergerOf(row) ? (names.get(mergerOf(row)!) ?? null) : null,
              at: row.stateChangedAt?.toISOString() ?? null,
            }
          : null,
      counts: {
        open: count("open"),
        consensusReady: count("consensusReady"),
        resolved: count("resolved"),
        dismissed: count("dismissed"),
        outdated: outdated.find((g) => g.pullRequestId === row.id)?._count._all ?? 0,
        dropped: row._count.drops,
      },
    };
  });
}

function caveatsOf(explanation: unknown): Caveat[] {
  const e = readExplanation(explanation);
  return verdictCaveats(e.axisTable ?? [], e.axesError);
}

/** The user who merged ("user:<id>" in stateChangedBy), for a pull request merged in Gatehouse. */
function mergerOf(row: { state: string; stateChangedBy: string | null }): string | null {
  return row.state === "merged" && row.stateChangedBy?.startsWith("user:") ? row.stateChangedBy.slice(5) : null;
}

import "server-only";
/**
 * R9: keep what one report of a pull request (a delivery, or GitHub's API)
 * says, when it is GitHub's newest state by GitHub's clock (pull-order.ts).
 * Called in the transaction that accepts a delivery, so concurrent deliveries
 * of one pull request are ordered one at a time on the snapshot's row lock
 * and the queued job — however many deliveries collapse into it — makes the
 * pull request match the newest one.
 *
 * An older report changes nothing but `seenOpen`; a report that ties with the
 * stored one and cannot be ordered from the payloads marks the snapshot in
 * doubt, for the job to ask GitHub's API.
 */
import type { Prisma as Db } from "../db/generated/client";
import { orderReports, reportState, type ForgePullState, type PullReport, type ReportOrder } from "./pull-order";
import type { GithubPullJob } from "./webhook-schemas";

/** One report of a pull request, for one connected repository. */
export interface ReportedPull extends PullReport {
  repositoryId: string;
  number: number;
  /** the delivery's action, or "api" for GitHub's API */
  action: string;
  baseSha: string;
  headRef: string;
}

export interface RecordedReport {
  order: ReportOrder;
  /** the snapshot's version after this report */
  version: number;
}

/** Stored for a report without a time: every dated report is later. */
const NO_TIME = new Date(0);

type Tx = Pick<Db.TransactionClient, "githubPullSnapshot" | "$queryRaw">;

/**
 * Records the report; must run inside a transaction (the row lock orders
 * concurrent reports). `authoritative` (GitHub's API answering a doubt)
 * replaces the snapshot unless it is older by GitHub's clock.
 */
export async function recordPullSnapshot(tx: Tx, report: ReportedPull, options: { authoritative?: boolean } = {}): Promise<RecordedReport> {
  const fields = {
    forgeUpdatedAt: report.updatedAt ?? NO_TIME,
    action: report.action,
    state: report.state,
    title: report.title,
    baseRef: report.baseRef,
    baseSha: report.baseSha,
    headRef: report.headRef,
    headSha: report.headSha,
    beforeSha: report.beforeSha,
  };
  const created = await tx.githubPullSnapshot.createMany({
    data: [{ repositoryId: report.repositoryId, number: report.number, ...fields, seenOpen: report.state === "open" }],
    skipDuplicates: true,
  });
  if (created.count === 1) return { order: "newer", version: 1 };

  const [row] = await tx.$queryRaw<StoredRow[]>`
    SELECT "version", "forgeUpdatedAt", "state", "title", "baseRef", "headSha", "beforeSha", "seenOpen", "doubt"
    FROM "GithubPullSnapshot" WHERE "repositoryId" = ${report.repositoryId} AND "number" = ${report.number} FOR UPDATE`;
  if (!row) throw new Error(`the snapshot of pull request #${report.number} vanished while it was being recorded`);
  const stored: PullReport = {
    updatedAt: row.forgeUpdatedAt.getTime() === NO_TIME.getTime() ? null : row.forgeUpdatedAt,
    state: row.state as ForgePullState,
    title: row.title,
    baseRef: row.baseRef,
    headSha: row.headSha,
    beforeSha: row.beforeSha,
  };
  let order = orderReports(stored, report);
  if (options.authoritative && (order === "tie" || order === "same")) order = "newer";
  const seenOpen = row.seenOpen || report.state === "open";
  const where = { repositoryId_number: { repositoryId: report.repositoryId, number: report.number } };
  if (order === "newer") {
    await tx.githubPullSnapshot.update({ where, data: { ...fields, version: row.version + 1, seenOpen, doubt: null, receivedAt: new Date() } });
    return { order, version: row.version + 1 };
  }
  if (order === "tie" && !row.doubt) {
    const at = report.updatedAt ? report.updatedAt.toISOString() : "no time";
    const doubt = `Two deliveries (${at}) disagree and nothing in them orders them: head ${stored.headSha.slice(0, 7)} or ${report.headSha.slice(0, 7)}, ${stored.state} or ${report.state}.`;
    await tx.githubPullSnapshot.update({ where, data: { doubt, seenOpen } });
  } else if (seenOpen !== row.seenOpen) {
    await tx.githubPullSnapshot.update({ where, data: { seenOpen } });
  }
  return { order, version: row.version };
}

/** The report a queued pull_request delivery makes. */
export function reportFromJob(job: GithubPullJob): ReportedPull {
  return {
    repositoryId: job.repositoryId,
    number: job.number,
    action: job.action,
    updatedAt: job.updatedAt ? new Date(job.updatedAt) : null,
    state: reportState(job.state, job.merged, job.action),
    title: job.title,
    baseRef: job.baseRef,
    baseSha: job.baseSha,
    headRef: job.headRef,
    headSha: job.headSha,
    beforeSha: job.action === "synchronize" ? (job.before ?? null) : null,
  };
}

interface StoredRow {
  version: number;
  forgeUpdatedAt: Date;
  state: string;
  title: string;
  baseRef: string;
  headSha: string;
  beforeSha: string | null;
  seenOpen: boolean;
  doubt: string | null;
}

/**
 * R12: what the review room shows about publishing to GitHub — pending (with
 * the try and the reason for the last failure, if any), published (with the
 * check run's link and conclusion), or failed (with why, and a retry). The
 * stored status is parsed, never cast: an unknown one reads as failed, so it
 * is never shown as done.
 */
import { z } from "zod";

const status = z.enum(["pending", "published", "failed"]).catch("failed");

export interface PublicationView {
  status: z.infer<typeof status>;
  /** the head the check run belongs to; `current` = it is the pull request's head */
  headSha: string | null;
  current: boolean;
  checkRunUrl: string | null;
  /** success | neutral | failure; null while the check is in progress */
  conclusion: string | null;
  /** the verdict that was published (a hold may publish as failure), when known */
  verdict: string | null;
  attempts: number;
  retryAt: string | null;
  error: string | null;
  requestedAt: string;
  publishedAt: string | null;
}

export function toPublicationView(
  row: { status: string; headSha: string | null; checkRunUrl: string | null; conclusion: string | null; attempts: number; retryAt: Date | null; error: string | null; requestedAt: Date; publishedAt: Date | null },
  currentHead: string,
  verdict: string | null = null,
): PublicationView {
  return {
    status: status.parse(row.status),
    headSha: row.headSha,
    current: row.headSha === currentHead,
    checkRunUrl: row.checkRunUrl,
    conclusion: row.conclusion,
    verdict,
    attempts: row.attempts,
    retryAt: row.retryAt?.toISOString() ?? null,
    error: row.error,
    requestedAt: row.requestedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

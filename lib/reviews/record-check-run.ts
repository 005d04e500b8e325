import "server-only";
/**
 * Job "review.check_run": a GitHub check run completed for a head. It becomes
 * an axis result with source "check_run", named after the check: success is a
 * pass; failure, timed_out and cancelled are failures; anything else (neutral,
 * skipped, action_required, stale, or no conclusion) could not run — it is not
 * evidence of a pass (R5).
 */
import type { PrismaClient } from "../db/generated/client";
import type { CheckRunJob } from "../github/webhook-schemas";
import { readAxesAt } from "./read-axes-at";
import { recordAxisResult } from "./record-axis-result";
import { reformAtHead } from "./reform-at-head";
import type { AxisStatus } from "./schemas";
import { mirrorPath } from "../repos/mirror-paths";

const CONCLUSION: Record<string, AxisStatus> = {
  success: "pass",
  failure: "fail",
  timed_out: "fail",
  cancelled: "fail",
};

/** R5: how a check run's conclusion reads as an axis status. */
export function checkRunStatus(conclusion: string | null): AxisStatus {
  return (conclusion && CONCLUSION[conclusion]) || "could_not_run";
}

export async function recordCheckRun(prisma: PrismaClient, job: CheckRunJob): Promise<void> {
  const repository = await prisma.repository.findUnique({ where: { id: job.repositoryId }, select: { id: true } });
  if (!repository) return;
  // Gating is decided by the declaration at the head when the verdict is formed; this copy is for display.
  const axes = await readAxesAt(mirrorPath(repository.id), job.headSha);
  const gated = axes.ok && axes.axes.some((a) => a.name === job.name && a.gated);
  const status = checkRunStatus(job.conclusion);
  await recordAxisResult(prisma, {
    repositoryId: repository.id,
    headSha: job.headSha,
    axis: job.name,
    status,
    gated,
    source: "check_run",
    detail: [`GitHub check run: ${job.conclusion ?? "no conclusion"}`, job.detailsUrl].filter(Boolean).join(" — "),
  });
  await reformAtHead(prisma, { repositoryId: repository.id, headSha: job.headSha, trigger: "check_run", axes: [job.name] });
}

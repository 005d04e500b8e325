import "server-only";
/**
 * Job "review.check_run": a GitHub check run completed for a head. It becomes
 * an axis result with source "check_run" for the head it names (R8), named
 * after the check: success is a pass, failure a failure; anything else
 * (skipped, neutral, cancelled, timed_out, stale, action_required, or no
 * conclusion) could not run — it is not evidence of a pass, nor of a failure
 * of the code (R5, R8). The raw conclusion is kept in the detail so people see
 * what GitHub said.
 */
import type { PrismaClient } from "../db/generated/client";
import type { CheckRunJob } from "../github/webhook-schemas";
import { readBaseAxes } from "./read-base-axes";
import { recordAxisResult } from "./record-axis-result";
import { reformAtHead } from "./reform-at-head";
import type { AxisStatus } from "./schemas";
import { mirrorPath } from "../repos/mirror-paths";

const CONCLUSION: Record<string, AxisStatus> = {
  success: "pass",
  failure: "fail",
};

/** R5: how a check run's conclusion reads as an axis status. */
export function checkRunStatus(conclusion: string | null): AxisStatus {
  return (conclusion && CONCLUSION[conclusion]) || "could_not_run";
}

export async function recordCheckRun(prisma: PrismaClient, job: CheckRunJob): Promise<void> {
  const repository = await prisma.repository.findUnique({ where: { id: job.repositoryId }, select: { id: true } });
  if (!repository) return;
  // Gating is decided by the base's declaration when the verdict is formed (R7); this copy is for display.
  const pull = await prisma.pullRequest.findFirst({ where: { repositoryId: repository.id, headSha: job.headSha }, orderBy: { updatedAt: "desc" }, select: { baseSha: true } });
  const axes = pull ? await readBaseAxes(mirrorPath(repository.id), pull) : null;
  const gated = !!axes?.ok && axes.axes.some((a) => a.name === job.name && a.gated);
  const status = checkRunStatus(job.conclusion);
  await recordAxisResult(prisma, {
    repositoryId: repository.id,
    headSha: job.headSha,
    axis: job.name,
    status,
    gated,
    source: "check_run",
    detail: [`GitHub check run: conclusion ${job.conclusion ?? "none"}`, job.detailsUrl].filter(Boolean).join(" — "),
    // R5: what the check itself said, so a failure shows more than its conclusion.
    log: job.output ?? null,
  });
  await reformAtHead(prisma, { repositoryId: repository.id, headSha: job.headSha, trigger: "check_run", axes: [job.name] });
}

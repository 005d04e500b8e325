import "server-only";
/**
 * R5: store one axis result for (repository, head, axis, source). Within a
 * source the latest result replaces the one before (a re-run); across sources
 * both are kept and the verdict takes the strictest (pick-axis-results.ts).
 */
import type { PrismaClient } from "../db/generated/client";
import { axisLog, scrubOutput } from "./axis-log";
import type { AxisStatus } from "./schemas";

export interface AxisResultInput {
  repositoryId: string;
  headSha: string;
  axis: string;
  status: AxisStatus;
  gated: boolean;
  source: "sandbox" | "check_run";
  detail: string | null;
  /** R5: the end of what it printed (a check run: its output), kept for a result that did not pass */
  log?: string | null;
  durationMs?: number | null;
}

export async function recordAxisResult(prisma: Pick<PrismaClient, "axisResult">, input: AxisResultInput): Promise<void> {
  // H4: the one-line detail quotes output too; both are scrubbed before they are stored.
  const log = input.status === "pass" || !input.log ? null : axisLog(input.log);
  const fields = { status: input.status, gated: input.gated, detail: input.detail ? scrubOutput(input.detail.slice(0, 2000)) : null, log, durationMs: input.durationMs ?? null };
  await prisma.axisResult.upsert({
    where: { repositoryId_headSha_axis_source: { repositoryId: input.repositoryId, headSha: input.headSha, axis: input.axis, source: input.source } },
    create: { repositoryId: input.repositoryId, headSha: input.headSha, axis: input.axis, source: input.source, ...fields },
    // createdAt orders results within a source, so a re-run's result must look new.
    update: { ...fields, createdAt: new Date() },
  });
}

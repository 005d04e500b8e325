import "server-only";
/**
 * R5: store one axis result for (repository, head, axis, source). Within a
 * source the latest result replaces the one before (a re-run); across sources
 * both are kept and the verdict takes the strictest (pick-axis-results.ts).
 */
import type { PrismaClient } from "../db/generated/client";
import type { AxisStatus } from "./schemas";

export interface AxisResultInput {
  repositoryId: string;
  headSha: string;
  axis: string;
  status: AxisStatus;
  gated: boolean;
  source: "sandbox" | "check_run";
  detail: string | null;
  durationMs?: number | null;
}

export async function recordAxisResult(prisma: Pick<PrismaClient, "axisResult">, input: AxisResultInput): Promise<void> {
  const fields = { status: input.status, gated: input.gated, detail: input.detail?.slice(0, 2000) ?? null, durationMs: input.durationMs ?? null };
  await prisma.axisResult.upsert({
    where: { repositoryId_headSha_axis_source: { repositoryId: input.repositoryId, headSha: input.headSha, axis: input.axis, source: input.source } },
    create: { repositoryId: input.repositoryId, headSha: input.headSha, axis: input.axis, source: input.source, ...fields },
    // createdAt orders results within a source, so a re-run's result must look new.
    update: { ...fields, createdAt: new Date() },
  });
}

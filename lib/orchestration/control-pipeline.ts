import "server-only";
/**
 * S2, S3: a person pauses, resumes or cancels a pipeline. Each is one
 * conditional update under the same row lock as a tick, so a control never
 * interleaves with a scheduling step and two people pressing at once get one
 * change and one 409.
 *
 * Pause: nothing new starts; runs already going finish their work (their
 * results are kept). Resume: the next tick starts what is ready. Cancel:
 * pending steps are blocked with the reason and queued or waiting runs of the
 * pipeline are cancelled before their next model call; a cancelled pipeline
 * cannot be resumed.
 */
import { recordAudit } from "../audit/record-audit";
import type { Prisma, PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { PIPELINE_EVENTS } from "../pipelines/pipeline-events";
import { enqueueJob } from "../queue/enqueue-job";
import { orchestrationTickJob } from "./tick-job";

export type PipelineAction = "pause" | "resume" | "cancel";

interface ControlInput {
  workspaceId: string;
  roomId: string;
  orchestrationId: string;
  /** null when the system acts (O6 budget pause) */
  userId: string | null;
  action: PipelineAction;
  reason?: string;
}

const FROM: Record<PipelineAction, string[]> = { pause: ["running"], resume: ["paused"], cancel: ["running", "paused"] };
const TO: Record<PipelineAction, "paused" | "running" | "cancelled"> = { pause: "paused", resume: "running", cancel: "cancelled" };

export async function controlPipeline(prisma: PrismaClient, input: ControlInput) {
  return prisma.$transaction((tx) => controlPipelineIn(tx, input));
}

/** The same, inside the caller's transaction (O6 pauses as part of recording usage). */
export async function controlPipelineIn(tx: Prisma.TransactionClient, input: ControlInput) {
  const found = await tx.orchestration.findFirst({
    where: { id: input.orchestrationId, roomId: input.roomId, room: { workspaceId: input.workspaceId } },
    select: { id: true },
  });
  if (!found) throw notFound("That pipeline");
  await tx.$queryRaw`SELECT "id" FROM "Orchestration" WHERE "id" = ${found.id} FOR UPDATE`;
  const current = await tx.orchestration.findUniqueOrThrow({ where: { id: found.id }, select: { status: true } });
  if (!FROM[input.action].includes(current.status)) {
    throw new AppError("conflict", `The pipeline is ${current.status}, so it cannot be ${input.action === "pause" ? "paused" : input.action === "resume" ? "resumed" : "cancelled"}; nothing was changed.`);
  }
  const status = TO[input.action];
  const reason = input.reason ?? (input.action === "pause" ? "Paused by a person." : null);
  await tx.orchestration.update({ where: { id: found.id }, data: { status, pausedReason: input.action === "pause" ? reason : null } });
  if (input.action === "cancel") {
    await tx.ticket.updateMany({ where: { orchestrationId: found.id, status: "pending" }, data: { status: "blocked", error: "the pipeline was cancelled" } });
    await tx.run.updateMany({
      where: { ticket: { orchestrationId: found.id }, status: { in: ["queued", "waiting"] } },
      data: { status: "cancelled", error: "The pipeline was cancelled.", finishedAt: new Date() },
    });
    await tx.ticket.updateMany({ where: { orchestrationId: found.id, status: "running", run: { status: "cancelled" } }, data: { status: "failed", error: "the pipeline was cancelled" } });
  }
  if (input.action === "resume") await enqueueJob(tx, orchestrationTickJob(found.id));
  if (input.userId) {
    await recordAudit(tx, { workspaceId: input.workspaceId, actorId: input.userId, action: `pipeline.${status}`, targetType: "orchestration", targetId: found.id, data: { reason } });
  }
  const type = input.action === "pause" ? PIPELINE_EVENTS.paused : input.action === "resume" ? PIPELINE_EVENTS.resumed : PIPELINE_EVENTS.cancelled;
  await recordEvent(tx, { workspaceId: input.workspaceId, roomId: input.roomId, type, data: { orchestrationId: found.id, by: input.userId, reason } });
  return { orchestrationId: found.id, status };
}

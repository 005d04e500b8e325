import "server-only";
/**
 * O7: a person overrides a ticket's review — the verdict for its pull request
 * is hold or block, and they decide the ticket is done anyway. The reason is
 * required and stored with their name, in the audit log and in the room the
 * pipeline belongs to. One conditional update (in review → succeeded), so two
 * people overriding at once get one override and one 409; the pipeline then
 * ticks and starts what waited for the ticket.
 */
import { recordAudit } from "../audit/record-audit";
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { enqueueJob } from "../queue/enqueue-job";
import type { OverrideTicketBody } from "./request-schemas";
import { orchestrationTickJob } from "./tick-job";
import { lockOrchestration } from "./lock-orchestration";

export interface OverrideTicketInput extends OverrideTicketBody {
  workspaceId: string;
  roomId: string;
  orchestrationId: string;
  key: string;
  userId: string;
}

export async function overrideTicket(prisma: PrismaClient, input: OverrideTicketInput) {
  const ticket = await prisma.ticket.findFirst({
    where: { key: input.key, orchestrationId: input.orchestrationId, orchestration: { roomId: input.roomId, room: { workspaceId: input.workspaceId } } },
    select: { id: true, key: true, status: true, pullRequestId: true },
  });
  if (!ticket) throw notFound("That ticket");
  if (ticket.status !== "in_review") throw new AppError("conflict", `Ticket ${ticket.key} is ${ticket.status.replace("_", " ")}, not in review; only a ticket waiting on its review can be overridden.`);
  if (!ticket.pullRequestId) throw new AppError("conflict", `Ticket ${ticket.key}'s pull request is still being opened; override it once it is there.`);
  const user = await prisma.user.findUniqueOrThrow({ where: { id: input.userId }, select: { name: true, email: true } });
  const name = user.name || user.email;
  const reason = input.reason.trim();
  const pull = await prisma.pullRequest.findUnique({ where: { id: ticket.pullRequestId }, select: { number: true } });
  const now = new Date();

  return prisma.$transaction(async (tx) => {
    await lockOrchestration(tx, input.orchestrationId);
    const { count } = await tx.ticket.updateMany({
      where: { id: ticket.id, status: "in_review" },
      data: { status: "succeeded", resolution: "override", overriddenById: input.userId, overriddenBy: name, overrideReason: reason, overriddenAt: now, error: null },
    });
    if (count === 0) throw new AppError("conflict", `Ticket ${ticket.key} was settled a moment ago; nothing was changed.`);
    const scope = { workspaceId: input.workspaceId, roomId: input.roomId };
    await recordAudit(tx, { workspaceId: input.workspaceId, actorId: input.userId, action: "ticket.overridden", targetType: "ticket", targetId: ticket.id, data: { key: ticket.key, pullRequestId: ticket.pullRequestId, reason } });
    await recordEvent(tx, { ...scope, type: "ticket.overridden", data: { orchestrationId: input.orchestrationId, key: ticket.key, by: input.userId, reason } });
    await recordEvent(tx, { ...scope, type: "ticket.finished", data: { orchestrationId: input.orchestrationId, key: ticket.key, status: "succeeded" } });
    const conversation = await tx.conversation.findFirst({ where: { roomId: input.roomId, parentId: null }, orderBy: { createdAt: "asc" }, select: { id: true } });
    if (conversation) {
      const text = `${name} overrode the review of ticket ${ticket.key}${pull ? ` (pull request #${pull.number})` : ""} and marked it done: ${reason}`;
      await tx.message.create({ data: { conversationId: conversation.id, role: "system", content: text, meta: { kind: "ticket-override", orchestrationId: input.orchestrationId, key: ticket.key } } });
    }
    await enqueueJob(tx, orchestrationTickJob(input.orchestrationId));
    return { key: ticket.key, status: "succeeded" as const, resolution: "override" as const, overriddenBy: name, reason };
  });
}

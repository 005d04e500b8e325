import "server-only";
/**
 * P3 (and O2): approving work is a person's decision to leave the read-only
 * mode the work was planned in. Inside the approving transaction the room goes
 * back to Agent mode (audited with who and why), and an open "leave plan mode"
 * request is settled by that decision rather than left waiting in the inbox.
 */
import type { Prisma as Db } from "../db/generated/client";
import { recordEvent } from "../events/record-event";

export interface SwitchToAgentContext {
  workspaceId: string;
  roomId: string;
  userId: string;
  /** why, for the audit log: "plan_approved" or "proposal_approved" */
  via: string;
  /** comment on settled plan_exit requests */
  note: string;
  now: Date;
}

export async function switchRoomToAgent(tx: Db.TransactionClient, ctx: SwitchToAgentContext): Promise<void> {
  const room = await tx.room.findUniqueOrThrow({ where: { id: ctx.roomId }, select: { mode: true } });
  const exits = await tx.approval.findMany({ where: { roomId: ctx.roomId, kind: "plan_exit", status: { in: ["pending", "approved"] } }, select: { id: true } });
  if (exits.length > 0) {
    await tx.approval.updateMany({
      where: { id: { in: exits.map((e) => e.id) } },
      data: { status: "applied", decidedById: ctx.userId, decidedAt: ctx.now, comment: ctx.note },
    });
    for (const exit of exits) {
      await recordEvent(tx, { workspaceId: ctx.workspaceId, roomId: ctx.roomId, type: "approval.decided", data: { approvalId: exit.id, kind: "plan_exit", status: "applied", by: ctx.userId } });
    }
  }
  // Review rooms stay in review (S1); a room already in Agent mode has nothing to switch.
  if (room.mode !== "plan" && room.mode !== "orchestrate") return;
  const changes = { mode: { from: room.mode, to: "chat" } };
  await tx.room.update({ where: { id: ctx.roomId }, data: { mode: "chat" } });
  await tx.auditEvent.create({
    data: { workspaceId: ctx.workspaceId, actorId: ctx.userId, action: "room.mode_changed", targetType: "room", targetId: ctx.roomId, data: { ...changes, via: ctx.via } },
  });
  await recordEvent(tx, { workspaceId: ctx.workspaceId, roomId: ctx.roomId, type: "room.mode_changed", data: { changes, mode: "chat", via: ctx.via, by: ctx.userId } });
}

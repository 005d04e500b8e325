import "server-only";
/**
 * P3 (and O2): approving work is a person's decision to leave the read-only
 * mode the work was planned in. Inside the approving transaction the room goes
 * back to Agent mode through the one mode transition (audited with who and
 * why), which also settles an open "leave plan mode" request.
 */
import type { Prisma as Db } from "../db/generated/client";
import { AGENT_MODE_ID } from "../modes/profiles";
import { roomProfile } from "../modes/room-mode";
import { changeRoomMode } from "../rooms/change-room-mode";

export interface SwitchToAgentContext {
  workspaceId: string;
  roomId: string;
  userId: string;
  /** why, for the audit log */
  via: "plan_approved" | "proposal_approved";
  /** comment on settled plan_exit requests */
  note: string;
  now: Date;
}

export async function switchRoomToAgent(tx: Db.TransactionClient, ctx: SwitchToAgentContext): Promise<void> {
  const room = await tx.room.findUniqueOrThrow({ where: { id: ctx.roomId }, select: { mode: true, modeDeclaration: true } });
  const profile = roomProfile(room);
  // Only a mode that delivers work (a plan, a proposal) is left by approving it; review rooms stay in review (S1).
  if (!profile.outputVerb || !profile.leavable) return;
  await changeRoomMode(tx, { workspaceId: ctx.workspaceId, roomId: ctx.roomId, to: AGENT_MODE_ID, via: ctx.via, actorId: ctx.userId, note: ctx.note });
}

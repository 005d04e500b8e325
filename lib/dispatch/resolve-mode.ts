/**
 * The dispatcher's one decision (S4): a run's mode is the room's mode column,
 * read at the start of every turn. A run without a room — a one-shot, a CLI
 * call, or a room id from another workspace — resolves to chat, and nothing of
 * a foreign room is reachable because the lookup is scoped to the run's workspace.
 */
import type { Autonomy, Mode } from "../modes/types";
import type { WorktreeGit } from "../repos/worktree-git";

/** What a turn needs to know about its room. */
export interface RoomSnapshot {
  id: string;
  workspaceId: string;
  mode: Mode;
  autonomy: Autonomy;
  planShell: boolean;
  worktreePath: string | null;
  /** H2: the worktree's git data, from the room's records (its repository and worktree path) */
  git: WorktreeGit | null;
}

export interface RoomReader {
  /** Must return null unless the room exists inside `workspaceId`. */
  findRoom(workspaceId: string, roomId: string): Promise<RoomSnapshot | null>;
}

export interface ResolvedTurn {
  mode: Mode;
  room: RoomSnapshot | null;
  autonomy: Autonomy;
}

/** Default dial for runs without a room: nothing asks, nothing writes a worktree (there is none). */
const ROOMLESS_AUTONOMY: Autonomy = "auto_edit";

export async function resolveTurn(rooms: RoomReader, run: { workspaceId: string; roomId: string | null }): Promise<ResolvedTurn> {
  if (!run.roomId) return { mode: "chat", room: null, autonomy: ROOMLESS_AUTONOMY };
  const room = await rooms.findRoom(run.workspaceId, run.roomId);
  // Defence in depth: a reader that forgot its workspace scope still cannot leak a room.
  if (!room || room.workspaceId !== run.workspaceId) return { mode: "chat", room: null, autonomy: ROOMLESS_AUTONOMY };
  return { mode: room.mode, room, autonomy: room.autonomy };
}

/**
 * The dispatcher's one decision (S4): a run's mode is the room's mode record
 * (its `mode` column and, for a declared mode, the declaration copied beside
 * it, G8), read at the start of every turn. A run without a room — a one-shot, a CLI
 * call, or a room id from another workspace — resolves to chat, and nothing of
 * a foreign room is reachable because the lookup is scoped to the run's workspace.
 */
import { EMPTY_POLICY, type ModePolicy } from "../modes/declared";
import { PROFILES } from "../modes/profiles";
import { roomProfile } from "../modes/room-mode";
import type { Autonomy, Mode, ModeProfile } from "../modes/types";
import type { WorktreeGit } from "../repos/worktree-git";
import type { TodoItem } from "../rooms/stored-todos";

/** What a turn needs to know about its room. */
export interface RoomSnapshot {
  id: string;
  workspaceId: string;
  mode: Mode;
  /** X1, G8: the declaration the room runs under (null: the built-in in `mode`), lib/modes/room-mode.ts */
  modeDeclaration: unknown;
  /** X1–X4: the workspace's parsed mode policy */
  policy: ModePolicy;
  autonomy: Autonomy;
  planShell: boolean;
  worktreePath: string | null;
  /** H2: the worktree's git data, from the room's records (its repository and worktree path) */
  git: WorktreeGit | null;
  /** The room's task list, read in the same turn-start statement as the mode (absent: the engine reads it itself) */
  todos?: TodoItem[];
}

export interface RoomReader {
  /** Must return null unless the room exists inside `workspaceId`. */
  findRoom(workspaceId: string, roomId: string): Promise<RoomSnapshot | null>;
}

export interface ResolvedTurn {
  mode: Mode;
  /** X1: the profile the turn runs under — built-in or declared */
  profile: ModeProfile;
  policy: ModePolicy;
  room: RoomSnapshot | null;
  autonomy: Autonomy;
}

/** Default dial for runs without a room: nothing asks, nothing writes a worktree (there is none). */
const ROOMLESS_AUTONOMY: Autonomy = "auto_edit";

export async function resolveTurn(rooms: RoomReader, run: { workspaceId: string; roomId: string | null }): Promise<ResolvedTurn> {
  const roomless: ResolvedTurn = { mode: PROFILES.chat.mode, profile: PROFILES.chat, policy: EMPTY_POLICY, room: null, autonomy: ROOMLESS_AUTONOMY };
  if (!run.roomId) return roomless;
  const room = await rooms.findRoom(run.workspaceId, run.roomId);
  // Defence in depth: a reader that forgot its workspace scope still cannot leak a room.
  if (!room || room.workspaceId !== run.workspaceId) return roomless;
  const profile = roomProfile(room);
  return { mode: profile.mode, profile, policy: room.policy, room, autonomy: room.autonomy };
}

/**
 * G8, X1, M1: the mode a room is in, as one record — the built-in in the room's
 * `mode` column, or, beside it, a copy of the declaration the room runs under.
 * A room's profile is compiled from that record alone. Nothing looks a room's
 * mode up in the workspace's policy, so editing, disabling or removing a
 * declared mode cannot change a room, let alone widen it to its built-in; only
 * the one transition (lib/rooms/change-room-mode.ts) writes the record. Pure.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { canonical } from "./canonical";
import { compileDeclared, declaredModeSchema, type DeclaredMode } from "./declared";
import { PROFILES } from "./profiles";
import { WORLD_CHANGING_EFFECTS, type Mode, type ModeProfile } from "./types";

/** The stored copy of a room's declaration (Room.modeDeclaration), parsed where it is read. */
export const storedModeDeclarationSchema = z.object({ v: z.literal(1), declaration: declaredModeSchema });
export type StoredModeDeclaration = z.output<typeof storedModeDeclarationSchema>;

/** The two columns of the room row that hold its mode. */
export interface RoomModeColumns {
  mode: Mode;
  /** null: the built-in in `mode`; else a StoredModeDeclaration */
  modeDeclaration: unknown;
}

/** A mode as a room can be in it: the profile, what it compiles from, and a version naming exactly that. */
export interface RoomMode {
  profile: ModeProfile;
  /** the declaration the profile compiles from; null for a built-in (or a record that could not be read) */
  declaration: DeclaredMode | null;
  /** G8: equal versions compile to the same profile; an approval names the version it allows */
  version: string;
}

const builtIns = new Map<Mode, RoomMode>();

export function builtInMode(mode: Mode): RoomMode {
  let found = builtIns.get(mode);
  if (!found) builtIns.set(mode, (found = { profile: PROFILES[mode], declaration: null, version: `built-in:${mode}` }));
  return found;
}

/**
 * Declared modes by their canonical text: the same declaration — from the
 * policy or from a room's copy — is the same profile object, so compiled
 * capabilities (cached by profile identity, ./capability.ts) are found again.
 */
const declaredByText = new Map<string, RoomMode>();
const DECLARED_LIMIT = 1024;

export function declaredMode(declaration: DeclaredMode): RoomMode {
  const text = canonical(declaration);
  const hit = declaredByText.get(text);
  if (hit) return hit;
  const digest = createHash("sha256").update(text).digest("hex").slice(0, 16);
  const mode: RoomMode = { profile: Object.freeze(compileDeclared(declaration)), declaration, version: `declared:${declaration.id}:${digest}` };
  if (declaredByText.size >= DECLARED_LIMIT) declaredByText.clear();
  declaredByText.set(text, mode);
  return mode;
}

/**
 * A record this build cannot read (or one that contradicts its own `mode`
 * column) is not trusted to be anything wider than the narrowest mode on that
 * built-in: read-only worktree, read tier, no grants beyond the pinned tools,
 * no delegation — never the built-in's own profile (G8).
 */
function lockedMode(base: Mode): RoomMode {
  const built = PROFILES[base];
  const profile: ModeProfile = {
    ...built,
    id: `${base}-locked`,
    declared: true,
    label: "Locked",
    description: "This room's mode could not be read; it stays read-only until a person picks a mode.",
    selectable: false,
    grants: [],
    maxTier: "read",
    posture: "read-only",
    deniedEffects: [...new Set([...built.deniedEffects, ...WORLD_CHANGING_EFFECTS])],
    shellOptIn: false,
    delegation: null,
  };
  return { profile, declaration: null, version: `locked:${base}` };
}

const storedByText = new Map<string, RoomMode>();

/** The mode a room is in, from its own record (S4 reads it at every turn). */
export function roomMode(room: RoomModeColumns): RoomMode {
  if (room.modeDeclaration === null || room.modeDeclaration === undefined) return builtInMode(room.mode);
  const text = `${room.mode}\u0000${JSON.stringify(room.modeDeclaration)}`;
  const hit = storedByText.get(text);
  if (hit) return hit;
  const parsed = storedModeDeclarationSchema.safeParse(room.modeDeclaration);
  const mode = parsed.success && parsed.data.declaration.extends === room.mode ? declaredMode(parsed.data.declaration) : lockedMode(room.mode);
  if (storedByText.size >= DECLARED_LIMIT) storedByText.clear();
  storedByText.set(text, mode);
  return mode;
}

/** The profile a room runs under (X1): its record compiled, nothing else. */
export function roomProfile(room: RoomModeColumns): ModeProfile {
  return roomMode(room).profile;
}

/** The room row's columns for `mode` — written together, as one record, by the transition and by room creation. */
export function modeColumns(mode: RoomMode): { mode: Mode; modeDeclaration: StoredModeDeclaration | null } {
  return { mode: mode.profile.mode, modeDeclaration: mode.declaration ? { v: 1, declaration: mode.declaration } : null };
}

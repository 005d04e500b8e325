/**
 * G8: where a policy takes a room that is in a declared mode. The room's
 * record is a copy of the declaration it runs under (lib/modes/room-mode.ts);
 * the policy moves it only when that declaration changed, was disabled or was
 * removed — to the new version of its mode, or to the built-in the mode
 * extended. Whether the move applies at once or waits for a person is the one
 * transition's decision (lib/rooms/change-room-mode.ts). Pure.
 */
import type { ModePolicy } from "../modes/declared";
import { resolveMode } from "../modes/resolve-profile";
import type { RoomMode } from "../modes/room-mode";

export type PolicyCause = "edited" | "disabled" | "removed";

export interface PolicyTarget {
  /** the mode id the room goes to */
  to: string;
  cause: PolicyCause;
}

/** Null when the policy leaves the room's mode as it is (a built-in, or the same version of its mode). */
export function policyTarget(current: RoomMode, policy: ModePolicy): PolicyTarget | null {
  if (!current.declaration) return null;
  const id = current.declaration.id;
  const declared = policy.modes.find((m) => m.id === id);
  if (!declared) return { to: current.declaration.extends, cause: "removed" };
  if (declared.disabled) return { to: current.declaration.extends, cause: "disabled" };
  return resolveMode(policy, id)?.version === current.version ? null : { to: id, cause: "edited" };
}

/** Why the room changes, in words for its audit trail and approval. */
export function causeText(label: string, cause: PolicyCause): string {
  return `the workspace's mode policy ${cause === "edited" ? "changed" : cause === "disabled" ? "disabled" : "removed"} ${label} mode`;
}

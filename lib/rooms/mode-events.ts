/**
 * Room events about modes, declared in one place so the typed event catalogue
 * can take them over as they are (STYLE: events declared once).
 *   room.mode_changed          — lib/rooms/change-room-mode.ts (every path)
 *   room.mode_switch_requested — an agent's change_mode in its cancel window (X4)
 *   room.mode_change_requested — a switch nobody approved that widens, held for a
 *                                person's approval (G8: a policy edit); also the audit action
 */
export const MODE_SWITCH_REQUESTED_EVENT = "room.mode_switch_requested";

export const MODE_CHANGE_REQUESTED_EVENT = "room.mode_change_requested";

export interface ModeSwitchRequestedData {
  approvalId: string;
  /** the mode id and label the agent asked for */
  to: string;
  label: string;
  reason: string | null;
  /** ISO time the switch applies unless a person cancels it */
  cancelBy: string;
}

import "server-only";
import { Prisma as Db } from "../db/generated/client";
import { modeColumns, type RoomMode } from "../modes/room-mode";

/**
 * G8: the room row's mode record as Prisma writes it — `mode` and the copied
 * declaration always together (a CHECK constraint keeps them agreeing).
 */
export function roomModeColumns(mode: RoomMode) {
  const { mode: base, modeDeclaration } = modeColumns(mode);
  return { mode: base, modeDeclaration: modeDeclaration === null ? Db.DbNull : (modeDeclaration as unknown as Db.InputJsonValue) };
}

/**
 * Where a history page starts or ends. A conversation's history is a sequence
 * of entries (a message standing on its own, or a run with its trigger
 * message, its messages and its tool calls), ordered by the keyset
 * (createdAt, id) of the row that heads the entry. A cursor is that key,
 * written as `<ms since epoch>_<id>`: stable whatever arrives later, since a
 * new entry always sorts after every cursor handed out before it. Pure.
 */
import { z } from "zod";

export interface EntryKey {
  at: Date;
  id: string;
}

export function encodeCursor(key: EntryKey): string {
  return `${key.at.getTime()}_${key.id}`;
}

/** A cursor from the query string; a malformed one is a 400 saying what to send. */
export const historyCursor = z
  .string()
  .regex(/^\d{1,15}_[A-Za-z0-9_-]{1,64}$/, "the cursor must be one an earlier history page returned (older or newer)")
  .transform((value): EntryKey => {
    const split = value.indexOf("_");
    return { at: new Date(Number(value.slice(0, split))), id: value.slice(split + 1) };
  });

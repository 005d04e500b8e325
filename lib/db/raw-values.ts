/**
 * Values for statements written as SQL beside Prisma (the worker's hot path),
 * stored exactly as the Prisma client stores them, so a row written either way
 * reads back the same through both.
 */
import { randomBytes } from "node:crypto";

/**
 * A DateTime column is `timestamp(3)` without a time zone holding UTC. An ISO
 * string cast with `::timestamp(3)` keeps its UTC digits (PostgreSQL ignores the
 * zone of a value cast to a type without one), whatever the server's TimeZone.
 */
export function timestampParam(date: Date): string {
  return date.toISOString();
}

const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";
let counter = Math.floor(Math.random() * 36 ** 4);

/**
 * An id in the form of the schema's `@default(cuid())` (a `c`, the time, a
 * counter and randomness in base 36, 25 characters), for rows inserted in SQL.
 */
export function newRowId(): string {
  counter = (counter + 1) % 36 ** 4;
  const time = Date.now().toString(36).padStart(8, "0").slice(-8);
  const count = counter.toString(36).padStart(4, "0");
  let random = "";
  for (const byte of randomBytes(12)) random += DIGITS[byte % 36];
  return `c${time}${count}${random}`;
}

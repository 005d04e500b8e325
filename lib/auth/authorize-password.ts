import "server-only";
/**
 * H5: password sign-in that resists guessing and does not reveal who has an
 * account.
 *
 * - Every attempt is a row first (account = the email tried, address = the
 *   client's), counted over a sliding window per account and per address in
 *   the database, so the limit holds across processes and restarts. The row is
 *   written before the count, so parallel guesses cannot all slip under it.
 *   A success removes its own row; a refused (limited) attempt removes its own
 *   row too, so hammering does not extend the lock beyond the window.
 * - An unknown email (or an account without a password) is checked against a
 *   dummy scrypt hash of the same cost, so both answers take the same time.
 */
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../db/generated/client";
import { hashPassword, verifyPassword } from "./password";

export const SIGN_IN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  /** failed attempts per email within the window */
  perAccount: 10,
  /** failed attempts per client address within the window, whatever the email */
  perAddress: 30,
} as const;

export type PasswordSignIn =
  | { ok: true; user: { id: string; email: string; name: string } }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "limited"; retryAfterSeconds: number };

const globalForDummy = globalThis as unknown as { gatehouseDummyHash?: Promise<string> };

/** A hash of a password nobody knows, with the same cost as real ones. */
function dummyHash(): Promise<string> {
  globalForDummy.gatehouseDummyHash ??= hashPassword(randomBytes(24).toString("base64url"));
  return globalForDummy.gatehouseDummyHash;
}
// Made at start-up, so the first unknown email does not pay for it (and stand out).
void dummyHash();

export async function authorizePassword(
  prisma: PrismaClient,
  input: { email: string; password: string; address: string },
  limits: { windowMs: number; perAccount: number; perAddress: number } = SIGN_IN_LIMITS,
): Promise<PasswordSignIn> {
  const cutoff = new Date(Date.now() - limits.windowMs);
  const attempt = await prisma.signInAttempt.create({ data: { account: input.email, address: input.address }, select: { id: true } });
  const [forAccount, forAddress] = await Promise.all([
    prisma.signInAttempt.count({ where: { account: input.email, createdAt: { gt: cutoff } } }),
    prisma.signInAttempt.count({ where: { address: input.address, createdAt: { gt: cutoff } } }),
  ]);
  if (forAccount > limits.perAccount || forAddress > limits.perAddress) {
    await prisma.signInAttempt.delete({ where: { id: attempt.id } });
    const oldest = await prisma.signInAttempt.findFirst({
      where: forAccount > limits.perAccount ? { account: input.email, createdAt: { gt: cutoff } } : { address: input.address, createdAt: { gt: cutoff } },
      orderBy: { createdAt: "asc" },
      select: { createdAt: true },
    });
    const freesAt = (oldest?.createdAt.getTime() ?? Date.now()) + limits.windowMs;
    return { ok: false, reason: "limited", retryAfterSeconds: Math.max(1, Math.ceil((freesAt - Date.now()) / 1000)) };
  }
  // Old attempts are only ever counted within the window; drop the rest as we go.
  await prisma.signInAttempt.deleteMany({ where: { createdAt: { lt: cutoff } } });

  const user = await prisma.user.findUnique({ where: { email: input.email }, select: { id: true, email: true, name: true, passwordHash: true } });
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash()));
  if (!user?.passwordHash || !valid) return { ok: false, reason: "invalid" };
  await prisma.signInAttempt.delete({ where: { id: attempt.id } });
  return { ok: true, user: { id: user.id, email: user.email, name: user.name } };
}

import "server-only";
/** Invite tokens: 32 random bytes shown once; only their sha256 is stored. */
import { createHash, randomBytes } from "node:crypto";

export function newInviteToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInviteToken(token) };
}

export function hashInviteToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The path a person opens to accept (the origin is the page's own). */
export function invitePath(token: string): string {
  return `/invite/${token}`;
}

import "server-only";
/**
 * Issue 24: where a room's work outlives its host. Every Gatehouse repository
 * has one bare repository on the refs server (GATEHOUSE_REFS_URL), reached
 * with credentials of its own: user `gatehouse`, password an HMAC of the
 * repository's id under GATEHOUSE_REFS_SECRET — so a leaked password opens one
 * repository, not all. A room's refs there:
 *
 *   refs/gatehouse/rooms/<roomId>/head   the room branch's tip
 *   refs/gatehouse/rooms/<roomId>/work   a commit whose tree is the worktree's files
 *                                        (child of head; head itself when clean)
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "../config/env";

export const REFS_USER = "gatehouse";
const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function refsConfigured(): boolean {
  return Boolean(env().GATEHOUSE_REFS_URL);
}

export function repositoryPassword(secret: string, repositoryId: string): string {
  return createHmac("sha256", secret).update(`refs:${repositoryId}`).digest("hex");
}

export function checkRepositoryPassword(secret: string, repositoryId: string, given: string): boolean {
  const want = Buffer.from(repositoryPassword(secret, repositoryId));
  const got = Buffer.from(given);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** The repository's URL on the refs server, credentials included (never logged: see scrubRefsUrl). */
export function refsRemoteUrl(repositoryId: string): string {
  if (!ID.test(repositoryId)) throw new Error(`not a repository id: ${repositoryId.slice(0, 80)}`);
  const config = env();
  if (!config.GATEHOUSE_REFS_URL || !config.GATEHOUSE_REFS_SECRET) throw new Error("GATEHOUSE_REFS_URL is not set");
  const url = new URL(`${config.GATEHOUSE_REFS_URL.replace(/\/+$/, "")}/${repositoryId}.git`);
  url.username = REFS_USER;
  url.password = repositoryPassword(config.GATEHOUSE_REFS_SECRET, repositoryId);
  return url.toString();
}

/** A message with any credentials of a URL in it removed. */
export function scrubRefsUrl(message: string): string {
  return message.replace(/(https?:\/\/)[^/@\s]+@/g, "$1***@");
}

export function roomHeadRef(roomId: string): string {
  return `refs/gatehouse/rooms/${roomId}/head`;
}

export function roomWorkRef(roomId: string): string {
  return `refs/gatehouse/rooms/${roomId}/work`;
}

import "server-only";
/**
 * Issue 24: the host this process belongs to — GATEHOUSE_HOST_ID, or the
 * machine's name — and when a host counts as dead. A host is a data
 * directory (worktrees, mirrors) plus sandbox slots; several worker processes
 * on one machine with one data directory are one host.
 */
import { hostname } from "node:os";
import { env } from "../config/env";

const SAFE = /[^A-Za-z0-9._-]/g;

export function thisHostId(): string {
  return env().GATEHOUSE_HOST_ID ?? (hostname().replace(SAFE, "-").slice(0, 64) || "localhost");
}

/** A heartbeat older than this declares its host dead. */
export function hostDeadMs(): number {
  return env().GATEHOUSE_HOST_DEAD_MS;
}

/** How often a live host writes its heartbeat: well inside the dead threshold, so one late beat is no death. */
export function heartbeatEveryMs(): number {
  return Math.max(250, Math.floor(hostDeadMs() / 4));
}

import "server-only";
/**
 * H5: the client address a sign-in attempt is counted against.
 *
 * Next.js fills X-Forwarded-For with the socket's address when the request
 * has none. Each trusted reverse proxy appends the address it saw, so with N
 * of them (GATEHOUSE_TRUSTED_PROXIES) the client is the N-th entry from the
 * right; entries further left are whatever the client claimed. Exposed
 * directly (N = 0) the last entry is the socket's address unless the client
 * sent the header itself — deployments reachable from the internet should sit
 * behind a proxy that sets it (the per-account limit holds either way).
 */
import { env } from "@/lib/config/env";

type HeaderSource = Headers | Record<string, string | string[] | undefined> | undefined;

function header(headers: HeaderSource, name: string): string | undefined {
  if (!headers) return undefined;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(",") : value;
}

export function clientAddress(headers: HeaderSource): string {
  const entries = (header(headers, "x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const hops = Math.max(1, env().GATEHOUSE_TRUSTED_PROXIES);
  const picked = entries[Math.max(0, entries.length - hops)] ?? "unknown";
  // One spelling per address: IPv4 seen through an IPv6 socket is the same client.
  return picked.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "").slice(0, 100);
}

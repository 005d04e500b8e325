import "server-only";
/**
 * H4, M7: where an agent's research may go. Public addresses are reachable;
 * loopback, link-local, private and other special addresses only where the
 * operator lists them in GATEHOUSE_ALLOWED_WEB_HOSTS. The same rules guard
 * web_fetch and the connections to attached MCP servers, checked on the
 * address every connection (and every redirect hop) actually goes to.
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { env } from "../config/env";
import { parseHostRules, refuseAddress, type HostRule } from "../net/address-policy";
import { createGuardedFetch, type GuardedFetch } from "../net/guarded-fetch";

export const WEB_HOSTS_SETTING = "GATEHOUSE_ALLOWED_WEB_HOSTS";

export function webHostRules(): HostRule[] {
  return parseHostRules(env().GATEHOUSE_ALLOWED_WEB_HOSTS);
}

/** A fetch for agent-chosen destinations (pages, MCP servers); rules are read at each connection. */
export function webFetch(purpose: string): GuardedFetch {
  return createGuardedFetch({ allowedHosts: webHostRules, purpose, setting: WEB_HOSTS_SETTING });
}

/** A destination saved for later (an MCP server) is checked against DNS only briefly; the connection-time guard is the real one. */
const SAVE_LOOKUP_MS = 2_000;

/**
 * Why `url` cannot be reached by agents' research tools, or null. Names that do
 * not resolve now are accepted: every connection is checked again.
 */
export async function refuseWebDestination(url: string): Promise<string | null> {
  const parsed = new URL(url);
  const host = parsed.hostname.startsWith("[") ? parsed.hostname.slice(1, -1) : parsed.hostname;
  const port = Number(parsed.port) || (parsed.protocol === "https:" ? 443 : 80);
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    const timeout = new Promise<null>((resolve) => setTimeout(resolve, SAVE_LOOKUP_MS, null).unref());
    const found = await Promise.race([lookup(host, { all: true }).catch(() => null), timeout]);
    addresses = found?.map((a) => a.address) ?? [];
  }
  for (const address of addresses) {
    const reason = refuseAddress({ host, port }, address, webHostRules());
    if (reason) return `${reason}. Loopback and private addresses are reachable only where the operator allows them (${WEB_HOSTS_SETTING}, e.g. ${parsed.host}).`;
  }
  return null;
}

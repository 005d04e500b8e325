import "server-only";
/**
 * H4, M7: where an agent's research may go. Public addresses are reachable;
 * loopback, link-local, private and other special addresses only where the
 * operator lists them in GATEHOUSE_ALLOWED_WEB_HOSTS. The same rules guard
 * web_fetch and the connections to attached MCP servers, checked on the
 * address every connection (and every redirect hop) actually goes to.
 */
import { env } from "../config/env";
import { parseHostRules, type HostRule } from "../net/address-policy";
import { createGuardedFetch, type GuardedFetch } from "../net/guarded-fetch";
import { refuseSavedDestination } from "../net/refuse-saved-destination";

export const WEB_HOSTS_SETTING = "GATEHOUSE_ALLOWED_WEB_HOSTS";

export function webHostRules(): HostRule[] {
  return parseHostRules(env().GATEHOUSE_ALLOWED_WEB_HOSTS);
}

/** A fetch for agent-chosen destinations (pages, MCP servers); rules are read at each connection. */
export function webFetch(purpose: string): GuardedFetch {
  return createGuardedFetch({ allowedHosts: webHostRules, purpose, setting: WEB_HOSTS_SETTING });
}

/**
 * Why `url` cannot be reached by agents' research tools, or null. Names that do
 * not resolve now are accepted: every connection is checked again.
 */
export async function refuseWebDestination(url: string): Promise<string | null> {
  const parsed = new URL(url);
  const reason = await refuseSavedDestination(parsed, webHostRules());
  if (!reason) return null;
  return `${reason}. Loopback and private addresses are reachable only where the operator allows them (${WEB_HOSTS_SETTING}, e.g. ${parsed.host}).`;
}

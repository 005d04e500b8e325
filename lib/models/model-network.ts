import "server-only";
/**
 * H4: where model requests may go. Agents reach public endpoints; loopback and
 * private ones only when the operator lists them in GATEHOUSE_ALLOWED_MODEL_HOSTS
 * (the hosts of OPENAI_BASE_URL and ANTHROPIC_BASE_URL count as listed: the
 * operator chose them). The same rules serve the connection-time guard and the
 * early check when an agent is saved.
 */
import { env } from "../config/env";
import { parseHostRule, parseHostRules, type HostRule } from "../net/address-policy";
import { createGuardedFetch, type GuardedFetch } from "../net/guarded-fetch";
import { refuseSavedDestination } from "../net/refuse-saved-destination";

export const MODEL_HOSTS_SETTING = "GATEHOUSE_ALLOWED_MODEL_HOSTS";

function endpointRule(url: string): HostRule[] {
  const parsed = new URL(url);
  const rule = parseHostRule(`${parsed.hostname}:${parsed.port || (parsed.protocol === "https:" ? 443 : 80)}`);
  return typeof rule === "string" ? [] : [rule];
}

export function modelHostRules(): HostRule[] {
  const config = env();
  return [
    ...parseHostRules(config.GATEHOUSE_ALLOWED_MODEL_HOSTS),
    ...endpointRule(config.OPENAI_BASE_URL),
    ...endpointRule(config.ANTHROPIC_BASE_URL),
  ];
}

/** A fetch for one model's requests; every connection is checked against the rules as they are then. */
export function modelFetch(): GuardedFetch {
  return createGuardedFetch({ allowedHosts: modelHostRules, purpose: "model endpoint", setting: MODEL_HOSTS_SETTING });
}

/**
 * Why `baseUrl` cannot be a model endpoint, or null. Names that do not resolve
 * now are accepted (the endpoint may come up later; it is checked again on
 * every connection).
 */
export async function refuseModelEndpoint(baseUrl: string): Promise<string | null> {
  const url = new URL(baseUrl);
  const reason = await refuseSavedDestination(url, modelHostRules());
  if (!reason) return null;
  return `${reason}. Model endpoints on loopback or private networks are reachable only where the operator allows them (${MODEL_HOSTS_SETTING}, e.g. ${url.host}).`;
}

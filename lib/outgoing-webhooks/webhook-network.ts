import "server-only";
/**
 * H4: webhook targets are chosen by a workspace admin, not the operator, so
 * every delivery goes through the guarded fetch: public addresses only (after
 * DNS, on every connection), unless the operator lists a host in
 * GATEHOUSE_ALLOWED_WEBHOOK_HOSTS. No redirects are followed.
 */
import { env } from "../config/env";
import { parseHostRules } from "../net/address-policy";
import { createGuardedFetch, type GuardedFetch } from "../net/guarded-fetch";

export const WEBHOOK_HOSTS_SETTING = "GATEHOUSE_ALLOWED_WEBHOOK_HOSTS";

export function webhookFetch(): GuardedFetch {
  return createGuardedFetch({
    allowedHosts: () => parseHostRules(env().GATEHOUSE_ALLOWED_WEBHOOK_HOSTS),
    purpose: "webhook target",
    setting: WEBHOOK_HOSTS_SETTING,
    maxRedirects: 0,
  });
}

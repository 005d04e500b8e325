import "server-only";
/**
 * H4: the early check when a destination is saved (an agent's base URL, an MCP
 * server): why `url` resolves to an address the rules refuse, or null. DNS is
 * asked only briefly, and a name that does not resolve now is accepted — the
 * guarded fetch checks every connection again, which is the real boundary.
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { refuseAddress, type HostRule } from "./address-policy";

const SAVE_LOOKUP_MS = 2_000;

export async function refuseSavedDestination(url: URL, rules: readonly HostRule[]): Promise<string | null> {
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  const port = Number(url.port) || (url.protocol === "https:" ? 443 : 80);
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    const timeout = new Promise<null>((resolve) => setTimeout(resolve, SAVE_LOOKUP_MS, null).unref());
    const found = await Promise.race([lookup(host, { all: true }).catch(() => null), timeout]);
    addresses = found?.map((a) => a.address) ?? [];
  }
  for (const address of addresses) {
    const reason = refuseAddress({ host, port }, address, rules);
    if (reason) return reason;
  }
  return null;
}

/**
 * H4: a `fetch` for server-side requests to destinations someone other than
 * the operator chose (a model endpoint, later a web page). The address policy
 * (./address-policy.ts) is enforced where the socket is opened, not on the URL
 * string: the host is resolved, every address it resolves to is checked, and
 * the connection is pinned to the checked addresses, so neither a public name
 * that resolves to 127.0.0.1 nor a DNS answer that changes between check and
 * connect gets through. Redirects are followed here, one checked hop at a
 * time, and credentials are dropped when a hop leaves the original origin.
 *
 * Built on undici (the library Node's own fetch is made of) because it lets a
 * dispatcher replace how connections are opened; the AI SDK providers accept
 * this function as their `fetch`.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import type { LookupAddress } from "node:dns";
import { isIP } from "node:net";
import { Agent, buildConnector, fetch as undiciFetch } from "undici";
import { refuseAddress, type HostRule } from "./address-policy";

/** A destination the policy refuses. Its message says what and how to allow it. */
export class BlockedDestinationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BlockedDestinationError";
  }
}

export interface GuardedFetchOptions {
  /** the operator's rules, read at every connection (so a changed setting applies at once) */
  allowedHosts: () => readonly HostRule[];
  /** what is being reached, for messages: "model endpoint" */
  purpose: string;
  /** the setting that allows more, named in refusals */
  setting: string;
  /** redirects followed before giving up (default 5) */
  maxRedirects?: number;
}

export type GuardedFetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that carry credentials: never sent to an origin the caller did not name. */
const CREDENTIAL_HEADERS = ["authorization", "proxy-authorization", "cookie", "x-api-key", "api-key", "x-goog-api-key"];

type Connector = ReturnType<typeof buildConnector>;
type ConnectOptions = Parameters<Connector>[0];
type ConnectCallback = Parameters<Connector>[1];

/** A `lookup` for net/tls.connect that answers with the addresses already checked. */
function pinnedLookup(addresses: readonly LookupAddress[]) {
  return (_hostname: string, options: { all?: boolean; family?: number | string }, callback: (...args: unknown[]) => void) => {
    const family = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : Number(options.family) || 0;
    const usable = family ? addresses.filter((a) => a.family === family) : [...addresses];
    if (usable.length === 0) {
      const error = Object.assign(new Error(`no IPv${family} address for this host`), { code: "ENOTFOUND" });
      return callback(error);
    }
    if (options.all) return callback(null, usable);
    return callback(null, usable[0]!.address, usable[0]!.family);
  };
}

export function createGuardedFetch(options: GuardedFetchOptions): GuardedFetch {
  const maxRedirects = options.maxRedirects ?? 5;

  async function checkedAddresses(hostname: string, port: number): Promise<LookupAddress[]> {
    const addresses: LookupAddress[] = isIP(hostname)
      ? [{ address: hostname, family: isIP(hostname) }]
      : await dnsLookup(hostname, { all: true });
    for (const { address } of addresses) {
      const reason = refuseAddress({ host: hostname, port }, address, options.allowedHosts());
      if (reason) {
        throw new BlockedDestinationError(
          `${reason}; a ${options.purpose} on a loopback, private or other non-public address is reachable only where the operator allows it (${options.setting})`,
        );
      }
    }
    return addresses;
  }

  function connect(connectOptions: ConnectOptions, callback: ConnectCallback): void {
    const { hostname, protocol } = connectOptions;
    const port = Number(connectOptions.port) || (protocol === "https:" ? 443 : 80);
    checkedAddresses(hostname, port).then(
      // A connector per connection: its lookup answers only with what was checked.
      (addresses) => buildConnector({ lookup: pinnedLookup(addresses) as never })(connectOptions, callback),
      (error: Error) => callback(error, null),
    );
  }

  const dispatcher = new Agent({ connect });

  /** undici reports a refused connection as TypeError("fetch failed", { cause }); surface the cause. */
  async function send(url: URL, init: RequestInit): Promise<Response> {
    try {
      return (await undiciFetch(url, { ...(init as object), redirect: "manual", dispatcher })) as unknown as Response;
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof BlockedDestinationError) throw cause;
      throw error;
    }
  }

  return async function guardedFetch(input, init = {}) {
    let url = new URL(String(input));
    let method = (init.method ?? "GET").toUpperCase();
    let body = init.body;
    const headers = new Headers(init.headers);
    for (let hop = 0; ; hop++) {
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        throw new BlockedDestinationError(`${url.protocol} URLs are not fetched; use http or https`);
      }
      const response = await send(url, { ...init, method, headers: Object.fromEntries(headers), body });
      const location = response.headers.get("location");
      if (!REDIRECT_STATUSES.has(response.status) || !location || init.redirect === "manual") return response;
      await response.body?.cancel().catch(() => undefined);
      if (init.redirect === "error") throw new TypeError(`${url.origin} answered with a redirect, which this request does not follow`);
      if (hop >= maxRedirects) throw new BlockedDestinationError(`more than ${maxRedirects} redirects from ${url.origin}`);
      const next = new URL(location, url);
      if (next.origin !== url.origin) for (const name of CREDENTIAL_HEADERS) headers.delete(name);
      // As browsers do: 303, and 301/302 after a POST, continue as a GET without a body.
      if (response.status === 303 ? method !== "HEAD" : (response.status === 301 || response.status === 302) && method === "POST") {
        method = "GET";
        body = undefined;
        headers.delete("content-type");
        headers.delete("content-length");
      } else if (body instanceof ReadableStream) {
        throw new TypeError("a streamed request body cannot be sent again after a redirect");
      }
      url = next;
    }
  };
}

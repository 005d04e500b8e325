/**
 * H4: which network addresses a server-side request may reach. Pure: no I/O.
 *
 * Public (globally routable) addresses are reachable. Loopback, private,
 * link-local, shared (CGNAT), unique-local, multicast, documentation and other
 * special-use addresses are reachable only through an operator's host rule
 * (e.g. `localhost:11434` for a local Ollama). The check runs on the address a
 * connection actually goes to — after DNS, for every hop of a redirect — so a
 * public name resolving to 127.0.0.1 is caught like 127.0.0.1 itself.
 */

/** One operator-allowed destination: a host name or IP, optionally one port. */
export interface HostRule {
  /** lower-case host name, or an IP in canonical form (IPv6 without brackets) */
  host: string;
  /** undefined = any port */
  port?: number;
}

export type AddressKind =
  | "public"
  | "loopback"
  | "private"
  | "shared (CGNAT)"
  | "link-local"
  | "unique-local"
  | "unspecified"
  | "multicast"
  | "documentation"
  | "reserved";

type Range = readonly [base: number, bits: number, kind: AddressKind];

// RFC 6890 special-purpose IPv4 blocks; anything else is public.
const V4_RANGES: readonly Range[] = [
  [ipv4Number(0, 0, 0, 0), 8, "unspecified"],
  [ipv4Number(10, 0, 0, 0), 8, "private"],
  [ipv4Number(100, 64, 0, 0), 10, "shared (CGNAT)"],
  [ipv4Number(127, 0, 0, 0), 8, "loopback"],
  [ipv4Number(169, 254, 0, 0), 16, "link-local"],
  [ipv4Number(172, 16, 0, 0), 12, "private"],
  [ipv4Number(192, 0, 0, 0), 24, "reserved"],
  [ipv4Number(192, 0, 2, 0), 24, "documentation"],
  [ipv4Number(192, 88, 99, 0), 24, "reserved"],
  [ipv4Number(192, 168, 0, 0), 16, "private"],
  [ipv4Number(198, 18, 0, 0), 15, "reserved"],
  [ipv4Number(198, 51, 100, 0), 24, "documentation"],
  [ipv4Number(203, 0, 113, 0), 24, "documentation"],
  [ipv4Number(224, 0, 0, 0), 4, "multicast"],
  [ipv4Number(240, 0, 0, 0), 4, "reserved"],
];

function ipv4Number(a: number, b: number, c: number, d: number): number {
  return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
}

/** Strict dotted-decimal IPv4 (the form DNS answers and the URL parser give) → 32-bit number. */
export function parseIPv4(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const byte = Number(part);
    if (byte > 255) return null;
    value = value * 256 + byte;
  }
  return value;
}

/** IPv6 (with `::`, an embedded dotted IPv4 tail, optional brackets or zone) → eight 16-bit groups. */
export function parseIPv6(text: string): number[] | null {
  let s = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  const zone = s.indexOf("%");
  if (zone !== -1) s = s.slice(0, zone);
  if (!s.includes(":")) return null;
  const lastColon = s.lastIndexOf(":");
  const last = s.slice(lastColon + 1);
  if (last.includes(".")) {
    // An embedded dotted IPv4 tail (::ffff:127.0.0.1) becomes its two hex groups.
    const v4 = parseIPv4(last);
    if (v4 === null) return null;
    s = `${s.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const parse = (g: string) => (/^[0-9a-f]{1,4}$/i.test(g) ? Number.parseInt(g, 16) : NaN);
  const headNums = head.map(parse);
  const restNums = rest.map(parse);
  if ([...headNums, ...restNums].some(Number.isNaN)) return null;
  const missing = 8 - headNums.length - restNums.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  return [...headNums, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...restNums];
}

function v4Kind(value: number): AddressKind {
  for (const [base, bits, kind] of V4_RANGES) {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    if (((value & mask) >>> 0) === base) return kind;
  }
  return "public";
}

function embeddedV4(g: number[], from: number): number {
  return ((g[from]! << 16) | g[from + 1]!) >>> 0;
}

function v6Kind(g: number[]): AddressKind {
  const zeroUntil = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUntil(8)) return "unspecified";
  if (zeroUntil(7) && g[7] === 1) return "loopback";
  // ::ffff:a.b.c.d (IPv4-mapped) and 64:ff9b::a.b.c.d (NAT64) reach an IPv4 address: judge that one.
  if (zeroUntil(5) && g[5] === 0xffff) return v4Kind(embeddedV4(g, 6));
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4Kind(embeddedV4(g, 6));
  if (g[0] === 0x2002) return v4Kind(embeddedV4(g, 1)); // 6to4
  if (zeroUntil(6)) return "reserved"; // deprecated IPv4-compatible ::a.b.c.d
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return "unique-local";
  if ((first & 0xffc0) === 0xfe80) return "link-local";
  if ((first & 0xffc0) === 0xfec0) return "private"; // deprecated site-local
  if ((first & 0xff00) === 0xff00) return "multicast";
  if (first === 0x2001 && g[1] === 0x0db8) return "documentation";
  if (first === 0x2001 && g[1]! < 0x0200) return "reserved"; // Teredo, ORCHID and other IETF blocks
  if (first === 0x0064 && g[1] === 0xff9b) return "private"; // local-use NAT64
  // Only 2000::/3 is global unicast.
  return (first & 0xe000) === 0x2000 ? "public" : "reserved";
}

/** null when `text` is not an IP address. */
export function addressKind(text: string): AddressKind | null {
  const v4 = parseIPv4(text);
  if (v4 !== null) return v4Kind(v4);
  const v6 = parseIPv6(text);
  return v6 ? v6Kind(v6) : null;
}

/** A comparable form of an IP: IPv4-mapped IPv6 compares equal to its IPv4 address. */
export function ipKey(text: string): string | null {
  const v4 = parseIPv4(text);
  if (v4 !== null) return `4/${v4}`;
  const g = parseIPv6(text);
  if (!g) return null;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return `4/${embeddedV4(g, 6)}`;
  return `6/${g.map((x) => x.toString(16)).join(":")}`;
}

/**
 * Parses one rule: `host`, `host:port`, `[ipv6]` or `[ipv6]:port`. Hosts are
 * normalised as a URL would normalise them (so `127.1` means 127.0.0.1).
 * Returns an error message for anything else (paths, users, wildcards).
 */
export function parseHostRule(entry: string): HostRule | string {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^\s:/@[\]?#*]+)(?::(\d{1,5}))?$/.exec(entry.trim());
  if (!match) return `"${entry}" is not host or host:port (e.g. localhost:11434, 10.0.0.5, [::1]:8000)`;
  let hostname: string;
  try {
    hostname = new URL(`http://${match[1]}/`).hostname;
  } catch {
    return `"${entry}" does not name a valid host`;
  }
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return `"${entry}" has a port outside 1–65535`;
  const host = hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
  return port === undefined ? { host } : { host, port };
}

export function parseHostRules(entries: readonly string[]): HostRule[] {
  return entries.flatMap((entry) => {
    const rule = parseHostRule(entry);
    return typeof rule === "string" ? [] : [rule];
  });
}

function ruleMatches(rule: HostRule, host: string, port: number, address: string): boolean {
  if (rule.port !== undefined && rule.port !== port) return false;
  if (rule.host === host.toLowerCase()) return true;
  const ruleIp = ipKey(rule.host);
  return ruleIp !== null && ruleIp === ipKey(address);
}

/**
 * Why a connection to `address` (what `host` resolved to) on `port` is refused,
 * or null when it may go ahead.
 */
export function refuseAddress(target: { host: string; port: number }, address: string, rules: readonly HostRule[]): string | null {
  const kind = addressKind(address);
  if (kind === "public") return null;
  if (rules.some((rule) => ruleMatches(rule, target.host, target.port, address))) return null;
  const what = kind === null ? "not an IP address" : `${kind === "unspecified" ? "an" : "a"} ${kind} address`;
  const host = target.host.includes(":") ? `[${target.host}]` : target.host;
  return ipKey(target.host) !== null && ipKey(target.host) === ipKey(address)
    ? `${host}:${target.port} is ${what}`
    : `${host}:${target.port} resolves to ${address}, ${what}`;
}

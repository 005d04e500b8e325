/**
 * H3: the remote URLs a repository may name. Only git's network transports a
 * server should talk to — `https://`, `ssh://` and the scp-like `user@host:path`
 * — and never anything git or ssh could read as an option (`-oProxyCommand=…`
 * as a host, a user or a path) or a helper that runs a program (`ext::`,
 * `fd::`, `file://`, a bare path). Plain `http://` and loopback or private
 * addresses reach hosts inside the operator's network, so they are allowed
 * only for hosts the operator lists (GATEHOUSE_ALLOWED_GIT_HOSTS).
 *
 * Pure: the caller passes the allowed hosts. Every message names the field.
 */

export type RemoteProtocol = "https" | "http" | "ssh";

export interface ParsedRemote {
  protocol: RemoteProtocol;
  /** lower-case host name or address (IPv6 without brackets) */
  host: string;
  port: number | null;
}

/** A remote URL that is refused; the message says what to fix. */
export class RemoteUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RemoteUrlError";
  }
}

const FIELD = "Remote URL";
const FORMS = "use https://host/owner/repo.git, ssh://git@host/owner/repo.git or git@host:owner/repo.git";
const MAX_LENGTH = 2048;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const USER = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,63}$/;
const SCP = /^([^@/:]+)@([^/:]+):(.+)$/;

function refuse(why: string): never {
  throw new RemoteUrlError(`${FIELD}: ${why}`);
}

/** Parses and checks the shape of a remote URL (not yet the host policy). */
export function parseRemoteUrl(raw: string): ParsedRemote {
  const url = raw.trim();
  if (url.length === 0) refuse(`it is empty; ${FORMS}.`);
  if (url.length > MAX_LENGTH) refuse(`it is longer than ${MAX_LENGTH} characters.`);
  if (url.startsWith("-")) refuse(`it starts with "-", which git would read as an option; ${FORMS}.`);
  if (/[\s\x00-\x1f\x7f]/.test(url)) refuse("it contains spaces or control characters.");

  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(url)?.[1]?.toLowerCase();
  if (scheme !== undefined) return parseSchemeUrl(url, scheme);
  if (url.includes("::")) refuse(`remote helpers ("${url.split("::")[0]}::") run programs on the server; ${FORMS}.`);
  const scp = SCP.exec(url);
  if (scp) return parseScp(scp[1]!, scp[2]!, scp[3]!);
  if (url.startsWith("/") || url.startsWith(".")) refuse(`a path on the server is not a remote; give it as the path instead, or ${FORMS}.`);
  refuse(`"${url.slice(0, 80)}" is not a URL git can fetch from here; ${FORMS}.`);
}

function parseSchemeUrl(url: string, scheme: string): ParsedRemote {
  if (scheme !== "https" && scheme !== "http" && scheme !== "ssh") {
    refuse(`the ${scheme}:// transport is not allowed; ${FORMS}.`);
  }
  // The authority as written, before URL parsing can normalise or hide anything in it.
  const authority = url.slice(scheme.length + 3).split(/[/?#]/)[0] ?? "";
  const at = authority.lastIndexOf("@");
  const userinfo = at >= 0 ? authority.slice(0, at) : null;
  const hostPort = at >= 0 ? authority.slice(at + 1) : authority;
  if (hostPort.startsWith("-")) refuse(`the host "${hostPort.slice(0, 60)}" starts with "-", which ssh would read as an option.`);
  if (userinfo !== null) {
    if (scheme !== "ssh") refuse("credentials in an https URL would be stored and shown to every member; use an ssh:// URL and the server's ssh key.");
    if (!USER.test(userinfo)) refuse(`the user "${userinfo.slice(0, 60)}" must be letters, digits, ".", "_" or "-", not starting with "-".`);
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    refuse(`"${url.slice(0, 80)}" is not a valid URL; ${FORMS}.`);
  }
  if (parsed.search || parsed.hash) refuse("remove the query (?…) or fragment (#…).");
  const host = checkHost(parsed.hostname);
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    refuse("its path has a malformed %-escape.");
  }
  if (path === "" || path === "/") refuse("it names no repository; add its path, e.g. /owner/repo.git.");
  if (path.startsWith("/-")) refuse(`the path "${path.slice(0, 60)}" starts with "-", which git would read as an option.`);
  const port = parsed.port === "" ? null : Number(parsed.port);
  return { protocol: scheme, host, port };
}

function parseScp(user: string, hostText: string, path: string): ParsedRemote {
  if (user.startsWith("-") || !USER.test(user)) refuse(`the user "${user.slice(0, 60)}" must be letters, digits, ".", "_" or "-", not starting with "-".`);
  if (hostText.startsWith("-")) refuse(`the host "${hostText.slice(0, 60)}" starts with "-", which ssh would read as an option.`);
  if (path.startsWith("-")) refuse(`the path "${path.slice(0, 60)}" starts with "-", which git would read as an option.`);
  const host = checkHost(hostText.startsWith("[") && hostText.endsWith("]") ? hostText : hostText.toLowerCase());
  return { protocol: "ssh", host, port: null };
}

/** A host name, a dotted-quad IPv4 address or a bracketed IPv6 address; nothing a resolver reads another way. */
function checkHost(text: string): string {
  const host = text.toLowerCase();
  if (host.startsWith("[") && host.endsWith("]")) {
    const inner = host.slice(1, -1);
    if (!/^[0-9a-f:.]+$/.test(inner) || !inner.includes(":")) refuse(`"${text.slice(0, 60)}" is not a valid host.`);
    return inner;
  }
  const labels = host.split(".");
  if (host.length === 0 || host.length > 253 || !labels.every((label) => LABEL.test(label))) {
    refuse(`"${text.slice(0, 60)}" is not a valid host name.`);
  }
  // inet_aton reads 2130706433, 0x7f.1 or 0177.0.0.1 as addresses: only the plain dotted quad is one.
  if (labels.every((label) => /^(?:0x[0-9a-f]*|[0-9]+)$/.test(label))) {
    if (!isDottedQuad(host)) refuse(`"${text.slice(0, 60)}" looks like an address but is not a dotted-quad IPv4 address.`);
  }
  return host;
}

function isDottedQuad(host: string): boolean {
  const parts = host.split(".");
  return parts.length === 4 && parts.every((part) => /^(?:0|[1-9][0-9]{0,2})$/.test(part) && Number(part) <= 255);
}

/** Loopback, private, link-local, shared or unspecified: inside someone's network, not the internet. */
export function isInternalHost(host: string): boolean {
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (isDottedQuad(host)) return isInternalIPv4(host.split(".").map(Number));
  if (host.includes(":")) {
    const h = host.toLowerCase();
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
    if (mapped) return !isDottedQuad(mapped[1]!) || isInternalIPv4(mapped[1]!.split(".").map(Number));
    if (h === "::" || h === "::1") return true;
    const first = parseInt(h.split(":")[0] || "0", 16);
    return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80;
  }
  return false;
}

function isInternalIPv4([a = 0, b = 0]: number[]): boolean {
  return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
}

/**
 * The operator's policy: plain http and internal hosts only where listed in
 * `allowedHosts` (`host` or `host:port`). Throws RemoteUrlError; returns the parse.
 */
export function checkRemoteUrl(raw: string, allowedHosts: readonly string[]): ParsedRemote {
  const remote = parseRemoteUrl(raw);
  const listed = allowedHosts.some((entry) => {
    const e = entry.trim().toLowerCase().replace(/^\[(.*)\](:\d+)?$/, "$1$2");
    return e === remote.host || (remote.port !== null && e === `${remote.host}:${remote.port}`);
  });
  if (listed) return remote;
  if (remote.protocol === "http") {
    refuse(`plain http:// is not allowed for ${remote.host}; use https://, or ask the operator to list the host in GATEHOUSE_ALLOWED_GIT_HOSTS.`);
  }
  if (isInternalHost(remote.host)) {
    refuse(`${remote.host} is a loopback or private address; the operator must list it in GATEHOUSE_ALLOWED_GIT_HOSTS first.`);
  }
  return remote;
}

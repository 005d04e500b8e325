/**
 * H5: the security headers every response carries. Pure data, shared by
 * next.config.mjs (every route, API included; it reads ./security-headers-data.mjs)
 * and proxy.ts (pages, whose Content-Security-Policy carries a fresh nonce per request).
 */

export { API_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from "./security-headers-data.mjs";

/**
 * Pages: scripts only with this request's nonce (Next.js puts it on its own
 * inline bootstrap and chunks; 'strict-dynamic' lets those load the rest).
 * Styles allow inline attributes: React Flow and a few components position
 * elements with style="…", and a style cannot run code.
 */
export function pageContentSecurityPolicy(nonce: string, options: { dev: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
  ].join("; ");
}

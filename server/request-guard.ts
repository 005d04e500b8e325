import "server-only";
/**
 * H5: a request that changes state must come from Gatehouse's own pages.
 *
 * - `Sec-Fetch-Site`, when sent (every current browser sends it), must be
 *   `same-origin` (or `none`: the person's own navigation).
 * - `Origin`, when sent (browsers send it on every POST, PUT, PATCH and
 *   DELETE), must be Gatehouse's origin: the one the request was addressed to
 *   (Host / X-Forwarded-Host, which a cross-site page cannot set without a
 *   CORS preflight Gatehouse never grants) or NEXTAUTH_URL's.
 * - A body must be `application/json` on JSON routes.
 *
 * A request with neither header comes from a program (curl, a script, a test
 * client), not from a browser a cross-site page could drive: such a client
 * holds the cookie itself, so there is no confused deputy to protect. It is
 * let through, and the JSON requirement still holds for it — which on its own
 * already defeats cross-site HTML forms (they can only send form-encoded,
 * multipart or text/plain bodies, and a cross-site `fetch` with
 * `application/json` needs a preflight that is never granted).
 * Form posts (`browserOnly`) must carry one of the two headers.
 */
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/errors/app-error";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isStateChanging(req: Request): boolean {
  return !SAFE_METHODS.has(req.method.toUpperCase());
}

/** The origins this request may legitimately come from. */
function ownOrigins(req: Request): Set<string> {
  const origins = new Set<string>();
  const url = new URL(req.url);
  const host = req.headers.get("x-forwarded-host")?.split(",")[0]?.trim() || req.headers.get("host");
  const proto = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() || url.protocol.replace(/:$/, "");
  if (host) origins.add(`${proto}://${host}`.toLowerCase());
  const configured = env().NEXTAUTH_URL;
  if (configured) origins.add(new URL(configured).origin.toLowerCase());
  return origins;
}

/** Refuses (403) a request a browser sent on behalf of another site. */
export function assertSameOrigin(req: Request, options: { browserOnly?: boolean } = {}): void {
  const site = req.headers.get("sec-fetch-site");
  const origin = req.headers.get("origin");
  if (site !== null && site !== "same-origin" && site !== "none") {
    throw new AppError("forbidden", `Cross-site request refused: changes must be made from Gatehouse's own pages (Sec-Fetch-Site: ${site}).`);
  }
  if (origin !== null) {
    if (!ownOrigins(req).has(origin.toLowerCase())) {
      throw new AppError("forbidden", `Cross-site request refused: changes must be made from Gatehouse's own pages (Origin: ${origin}).`);
    }
    return;
  }
  if (site === null && options.browserOnly) {
    throw new AppError("forbidden", "This form must be sent by a browser from Gatehouse's own page (no Origin or Sec-Fetch-Site header).");
  }
}

/** Whether the request carries a body (a declared length above zero, or a chunked one). */
export function hasBody(req: Request): boolean {
  const length = req.headers.get("content-length");
  if (length !== null) return Number(length) > 0;
  return req.headers.has("transfer-encoding");
}

/** The media type of the body without parameters, lower-cased ("" when absent). */
export function mediaType(req: Request): string {
  return (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Refuses (415) a body that is not JSON. */
export function assertJsonBody(req: Request): void {
  if (!hasBody(req)) return;
  const type = mediaType(req);
  if (type !== "application/json") {
    throw new AppError(
      "unsupported_media_type",
      `Send the request body as JSON with "Content-Type: application/json" (got ${type ? `"${type}"` : "no Content-Type"}).`,
    );
  }
}

/** The one check every cookie-authenticated route runs before anything else (H5). */
export function guardStateChange(req: Request): void {
  if (!isStateChanging(req)) return;
  assertSameOrigin(req);
  assertJsonBody(req);
}

/**
 * Runs in front of every page (not the API, whose bodies it must not buffer;
 * not static files). H5:
 * - a fresh CSP nonce per page request (Next.js applies it to its own scripts);
 * - the sign-in page gets next-auth's CSRF cookie, so its form posts without JavaScript;
 * - a path or query holding a NUL is a 400 before any page queries the database with it.
 * Every other security header comes from next.config.mjs.
 */
import { randomBytes } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { unstorableReason } from "@/lib/db/storable-text";
import { env } from "@/lib/config/env";
import { CSRF_HEADER, csrfCookieName, csrfTokenFor } from "@/server/csrf-cookie";
import { pageContentSecurityPolicy } from "@/server/security-headers";

function unstorablePart(request: NextRequest): string | null {
  let path: string;
  try {
    path = decodeURIComponent(request.nextUrl.pathname);
  } catch {
    return "The address is not valid percent-encoded UTF-8.";
  }
  const inPath = unstorableReason(path);
  if (inPath) return `The address path ${inPath}.`;
  for (const [key, value] of request.nextUrl.searchParams) {
    const reason = unstorableReason(key) ?? unstorableReason(value);
    if (reason) return `Query parameter "${key.replace(/\u0000/g, "\\0")}" ${reason}.`;
  }
  return null;
}

export function proxy(request: NextRequest) {
  const refused = unstorablePart(request);
  if (refused) return new NextResponse(`${refused}\n`, { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });

  const nonce = randomBytes(16).toString("base64");
  const csp = pageContentSecurityPolicy(nonce, { dev: env().NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);
  requestHeaders.delete(CSRF_HEADER);

  let csrfCookie: string | null = null;
  if (request.nextUrl.pathname === "/signin") {
    const csrf = csrfTokenFor(request.cookies.get(csrfCookieName())?.value);
    requestHeaders.set(CSRF_HEADER, csrf.token);
    csrfCookie = csrf.cookie;
  }

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", csp);
  if (csrfCookie) {
    response.cookies.set(csrfCookieName(), csrfCookie, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: csrfCookieName().startsWith("__Host-"),
    });
  }
  return response;
}

export const config = {
  matcher: ["/((?!api/|_next/static/|_next/image/|favicon.ico).*)"],
};

/** next-auth's endpoints (sign-in, callback, session, CSRF, sign-out) under /api/auth/*. They keep next-auth's own CSRF token. */
import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { errorResponse } from "@/server/error-response";
import { BODY_LIMITS, readBodyCapped } from "@/server/read-body";
import { authOptions } from "@/server/auth-options";

type Context = { params: Promise<{ nextauth: string[] }> };

// Options are built per request: GitHub appears as soon as its env vars are set.
async function handler(req: NextRequest, ctx: Context): Promise<Response> {
  if (req.method !== "POST") return NextAuth(req, ctx, authOptions());
  // H5: next-auth would buffer any body whole; a sign-in form is a few hundred bytes.
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readBodyCapped(req, BODY_LIMITS.auth);
  } catch (error) {
    return errorResponse(error);
  }
  return NextAuth(new NextRequest(req.url, { method: req.method, headers: req.headers, body }), ctx, authOptions());
}

export { handler as GET, handler as POST };

/** next-auth's endpoints (sign-in, callback, session, CSRF, sign-out) under /api/auth/*. */
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/server/auth-options";

type Context = { params: Promise<{ nextauth: string[] }> };

// Options are built per request: GitHub appears as soon as its env vars are set.
function handler(req: NextRequest, ctx: Context): Promise<Response> {
  return NextAuth(req, ctx, authOptions());
}

export { handler as GET, handler as POST };

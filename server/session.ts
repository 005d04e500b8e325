import "server-only";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { getPrisma } from "@/lib/db/client";
import { authOptions } from "./auth-options";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

/** The signed-in user, or null. A session for a deleted user counts as none. */
export async function getSessionUser(): Promise<SessionUser | null> {
  const session = await getServerSession(authOptions());
  const id = (session?.user as { id?: string } | undefined)?.id;
  if (!id) return null;
  const user = await (await getPrisma()).user.findUnique({ where: { id }, select: { id: true, email: true, name: true } });
  return user;
}

/** For pages: the signed-in user, or a redirect to sign in. */
export async function requireUser(next?: string): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(next ? `/signin?next=${encodeURIComponent(next)}` : "/signin");
  return user;
}

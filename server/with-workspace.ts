import "server-only";
/**
 * Every workspace route goes through here: session → membership of the
 * workspace named in the URL → role check → handler, with errors mapped in one
 * place. A workspace the caller is not a member of answers 404, exactly like
 * one that does not exist, so ids never leak across tenants.
 */
import type { ZodType } from "zod";
import { can, PERMISSION_VERBS, type Permission, type Role } from "@/lib/auth/permissions";
import { getPrisma, type Prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { errorResponse } from "./error-response";
import { invalidateWorkspace } from "./read-cache";
import { getRequestUser, type SessionUser } from "./session";

export interface WorkspaceContext<P> {
  req: Request;
  params: P;
  user: SessionUser;
  workspace: { id: string; slug: string; name: string };
  role: Role;
  prisma: Prisma;
}

type RouteContext<P> = { params: Promise<P> };

type Membership = { role: Role; workspace: { id: string; slug: string; name: string } };

/**
 * Memberships are read on every request; a hot read path remembers them for
 * MEMBERSHIP_TTL_MS. Any write through this process forgets them all, so a
 * role change or removal made here applies at once, and one made in another
 * process within the TTL.
 */
const MEMBERSHIP_TTL_MS = 2_000;
// On globalThis: Next may load this module once per route bundle, and a write in one
// route must clear what every route remembers.
const globalForMemberships = globalThis as unknown as { gatehouseMemberships?: Map<string, { value: Membership | null; expires: number }> };
const memberships = (globalForMemberships.gatehouseMemberships ??= new Map());

async function findMembership(prisma: Prisma, userId: string, slug: string): Promise<Membership | null> {
  const key = `${userId}\u0000${slug}`;
  const hit = memberships.get(key);
  if (hit && hit.expires > Date.now()) return hit.value;
  const value = await prisma.membership.findFirst({
    where: { userId, workspace: { slug } },
    select: { role: true, workspace: { select: { id: true, slug: true, name: true } } },
  });
  if (memberships.size > 10_000) memberships.clear();
  memberships.set(key, { value, expires: Date.now() + MEMBERSHIP_TTL_MS });
  return value;
}

export function withUser<P>(handler: (ctx: { req: Request; params: P; user: SessionUser; prisma: Prisma }) => Promise<Response>) {
  return async (req: Request, route: RouteContext<P>): Promise<Response> => {
    try {
      const user = await getRequestUser(req);
      if (!user) throw new AppError("unauthorized", "Sign in first.");
      return await handler({ req, params: await route.params, user, prisma: await getPrisma() });
    } catch (error) {
      return errorResponse(error);
    }
  };
}

export function withWorkspace<P extends { workspace: string }>(
  handler: (ctx: WorkspaceContext<P>) => Promise<Response>,
  options: { permission: Permission },
) {
  return withUser<P>(async ({ req, params, user, prisma }) => {
    const membership = await findMembership(prisma, user.id, params.workspace);
    if (!membership) throw new AppError("not_found", "That workspace was not found.");
    if (!can(membership.role, options.permission)) {
      throw new AppError("forbidden", `As a ${membership.role} you cannot ${PERMISSION_VERBS[options.permission]}.`);
    }
    try {
      return await handler({ req, params, user, workspace: membership.workspace, role: membership.role, prisma });
    } finally {
      // Read-your-writes: this process's cached read models of the workspace are stale now.
      if (req.method !== "GET" && req.method !== "HEAD") {
        invalidateWorkspace(membership.workspace.id);
        memberships.clear();
      }
    }
  });
}

/** Parses a JSON body with a zod schema; bad JSON or bad fields are a 400 that says what to fix. */
export async function readJson<T>(req: Request, schema: ZodType<T>): Promise<T> {
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    throw new AppError("bad_request", "The request body must be JSON.");
  }
  return schema.parse(body);
}

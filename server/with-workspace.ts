import "server-only";
/**
 * Every cookie-authenticated route goes through here: the H5 request guard
 * (same origin and a JSON body for state changes; path and query text the
 * database can store) → session → membership of the workspace named in the
 * URL → role check → handler, with errors mapped in one place. A workspace the
 * caller is not a member of answers 404, exactly like one that does not
 * exist, so ids never leak across tenants.
 */
import type { ZodType } from "zod";
import { can, PERMISSION_VERBS, type Permission, type Role } from "@/lib/auth/permissions";
import { getPrisma } from "@/lib/db/client";
import type { PrismaClient } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";
import { findMembership, type WorkspaceMembership } from "@/lib/workspaces/find-membership";
import { onAccessChange } from "./access-watch";
import { errorResponse } from "./error-response";
import { assertStorable, BODY_LIMITS, readJsonBody } from "./read-body";
import { invalidateWorkspace } from "./read-cache";
import { guardStateChange } from "./request-guard";
import { getRequestUser, type SessionUser } from "./session";

export interface WorkspaceContext<P> {
  req: Request;
  params: P;
  user: SessionUser;
  workspace: { id: string; slug: string; name: string };
  role: Role;
  prisma: PrismaClient;
}

type RouteContext<P> = { params: Promise<P> };

/**
 * Memberships are read on every request; a hot read path remembers them for
 * MEMBERSHIP_TTL_MS. Any write through this process forgets them all, so a
 * role change or removal made here applies at once; one made in another
 * process arrives as an access notice (H5) and is forgotten then, the TTL
 * bounding a lost notice.
 */
const MEMBERSHIP_TTL_MS = 2_000;
// On globalThis: Next may load this module once per route bundle, and a write in one
// route must clear what every route remembers.
const globalForMemberships = globalThis as unknown as {
  gatehouseMemberships?: Map<string, { value: WorkspaceMembership | null; expires: number }>;
  gatehouseMembershipsWatched?: boolean;
};
const memberships = (globalForMemberships.gatehouseMemberships ??= new Map());
if (!globalForMemberships.gatehouseMembershipsWatched) {
  globalForMemberships.gatehouseMembershipsWatched = true;
  onAccessChange((notice) => {
    if (notice.kind === "membership") memberships.clear();
  });
}

async function rememberedMembership(prisma: PrismaClient, userId: string, slug: string): Promise<WorkspaceMembership | null> {
  const key = `${userId}\u0000${slug}`;
  const hit = memberships.get(key);
  if (hit && hit.expires > Date.now()) return hit.value;
  const value = await findMembership(prisma, userId, slug);
  if (memberships.size > 10_000) memberships.clear();
  memberships.set(key, { value, expires: Date.now() + MEMBERSHIP_TTL_MS });
  return value;
}

export function withUser<P>(handler: (ctx: { req: Request; params: P; user: SessionUser; prisma: PrismaClient }) => Promise<Response>) {
  return async (req: Request, route: RouteContext<P>): Promise<Response> => {
    try {
      guardStateChange(req);
      const params = await route.params;
      assertStorable(params, ["params"]);
      assertStorable(queryOf(req), ["query"]);
      const user = await getRequestUser(req);
      if (!user) throw new AppError("unauthorized", "Sign in first.");
      return await handler({ req, params, user, prisma: await getPrisma() });
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
    const membership = await rememberedMembership(prisma, user.id, params.workspace);
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

/** Every query parameter, repeated names included, for the storable-text check. */
function queryOf(req: Request): Record<string, string | string[]> | null {
  const search = new URL(req.url).searchParams;
  if (search.size === 0) return null;
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of search) {
    const seen = query[key];
    query[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return query;
}

/**
 * Parses a JSON body with a zod schema: read with a size limit while it
 * streams (413 past it), text PostgreSQL refuses is a 400 naming the field,
 * bad JSON or bad fields are a 400 that says what to fix.
 */
export function readJson<T>(req: Request, schema: ZodType<T>, limit: number = BODY_LIMITS.json): Promise<T> {
  return readJsonBody(req, schema, limit);
}

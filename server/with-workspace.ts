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
    const membership = await prisma.membership.findFirst({
      where: { userId: user.id, workspace: { slug: params.workspace } },
      include: { workspace: { select: { id: true, slug: true, name: true } } },
    });
    if (!membership) throw new AppError("not_found", "That workspace was not found.");
    if (!can(membership.role, options.permission)) {
      throw new AppError("forbidden", `As a ${membership.role} you cannot ${PERMISSION_VERBS[options.permission]}.`);
    }
    try {
      return await handler({ req, params, user, workspace: membership.workspace, role: membership.role, prisma });
    } finally {
      // Read-your-writes: this process's cached read models of the workspace are stale now.
      if (req.method !== "GET" && req.method !== "HEAD") invalidateWorkspace(membership.workspace.id);
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

import "server-only";
/**
 * For pages under /w/[workspace]: the signed-in user and their membership of
 * the workspace in the URL, or a redirect to sign in / a 404 page. Cached per
 * request, so the layout and the page share one lookup.
 */
import { notFound } from "next/navigation";
import { cache } from "react";
import { can, type Permission } from "@/lib/auth/permissions";
import { getPrisma } from "@/lib/db/client";
import { findMembership, type WorkspaceMembership } from "@/lib/workspaces/find-membership";
import { requireUser, type SessionUser } from "@/server/session";

export const requireMembership = cache(
  async (slug: string, permission: Permission = "read"): Promise<{ user: SessionUser; membership: WorkspaceMembership }> => {
    const user = await requireUser(`/w/${encodeURIComponent(slug)}`);
    const membership = await findMembership(await getPrisma(), user.id, slug);
    // A workspace the user is not in looks exactly like one that does not exist.
    if (!membership || !can(membership.role, permission)) notFound();
    return { user, membership };
  },
);

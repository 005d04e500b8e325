/**
 * Workspace bodies and the views the browser gets. Views carry ISO dates so
 * the same object works as a route's JSON and as a page's initial data.
 */
import { z } from "zod";
import type { Role } from "../auth/permissions";

export const createWorkspaceBody = z.object({
  name: z.string().trim().min(1, "Give the workspace a name.").max(60, "Use at most 60 characters."),
});

export type CreateWorkspaceBody = z.infer<typeof createWorkspaceBody>;

/** A workspace as one of its members sees it in lists and the switcher. */
export interface WorkspaceSummary {
  id: string;
  slug: string;
  name: string;
  /** the viewer's own role here */
  role: Role;
  createdAt: string;
}

/** GET /api/workspaces/[workspace]. */
export interface WorkspaceDetail extends WorkspaceSummary {
  memberCount: number;
  repositoryCount: number;
  agentCount: number;
}

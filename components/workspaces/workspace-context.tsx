"use client";
/**
 * The workspace a page is in and the viewer's role there, provided by
 * app/w/[workspace]/layout.tsx. Client components use it to hide controls the
 * role does not allow; the API refuses them regardless.
 */
import { createContext, useContext, type ReactNode } from "react";
import { can, type Permission, type Role } from "@/lib/auth/permissions";

export interface WorkspaceContextValue {
  workspace: { id: string; slug: string; name: string };
  role: Role;
  user: { id: string; name: string; email: string };
}

const WorkspaceContext = createContext<WorkspaceContextValue | null>(null);

export function WorkspaceProvider({ value, children }: Readonly<{ value: WorkspaceContextValue; children: ReactNode }>) {
  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}

export function useWorkspace(): WorkspaceContextValue {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error("useWorkspace() outside app/w/[workspace]/layout.tsx");
  return value;
}

/** Whether the viewer's role allows `permission` in the current workspace. */
export function useCan(permission: Permission): boolean {
  return can(useWorkspace().role, permission);
}

/**
 * O7: the branch a code ticket works on, named from its project and its key so
 * people can tell at a glance what a branch is for (`gatehouse/<project>/<key>`).
 * Branches under `gatehouse/` are Gatehouse's own in the mirror: a fetch from
 * the source never moves or prunes them (lib/repos/mirror.ts). The project's id
 * is part of the name, so two projects with the same goal never share a branch.
 */
import { validateBranchName } from "../repos/git-refs";
import { ROOM_BRANCH_PREFIX } from "../repos/mirror";

export function ticketBranch(project: { id: string; name: string }, ticketKey: string): string {
  const name = `${ROOM_BRANCH_PREFIX}${slug(project.name, 40) || "project"}-${project.id.slice(-6).toLowerCase()}/${slug(ticketKey, 64) || "ticket"}`;
  return validateBranchName(name);
}

/** Letters, digits, "-", "_" and single dots; never a part git refuses ("..", ".lock", a leading or trailing dot). */
function slug(text: string, max: number): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/\.{2,}/g, ".")
    .replace(/\.lock$/, "-lock")
    .slice(0, max)
    .replace(/^[.-]+|[.-]+$/g, "");
}

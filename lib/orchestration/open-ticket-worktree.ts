import "server-only";
/**
 * O7: a code ticket's own worktree on its own branch, made from the project's
 * base branch in Gatehouse's mirror (H3), so parallel tickets never share
 * files. The path is named after the ticket, so a tick whose transaction
 * rolled back after making it leaves something the next tick recognizes and
 * replaces (no run ever worked in it: the room and run rows went with the
 * transaction).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { worktreesDir } from "../config/data-dir";
import { git } from "../repos/git";
import { mirrorPath } from "../repos/mirror-paths";
import { createWorktree, removeWorktree } from "../repos/worktrees";
import { ticketBranch } from "./ticket-branch";

export interface TicketWorktree {
  path: string;
  branch: string;
  /** the commit the branch starts from: the base branch's tip now */
  baseSha: string;
}

export async function openTicketWorktree(input: {
  repositoryId: string;
  baseBranch: string;
  project: { id: string; name: string };
  ticket: { id: string; key: string };
}): Promise<TicketWorktree> {
  const mirror = mirrorPath(input.repositoryId);
  const branch = ticketBranch(input.project, input.ticket.key);
  const path = join(worktreesDir(), `ticket-${input.ticket.id}`);
  if (existsSync(path)) await removeWorktree({ mirror, worktreePath: path });
  // A branch left by such a rolled-back tick holds no work; it is made again from the base.
  await git(["update-ref", "-d", `refs/heads/${branch}`], { gitDir: mirror }).catch(() => undefined);
  const created = await createWorktree({ mirror, worktreePath: path, ref: input.baseBranch, branch });
  return { path, branch, baseSha: created.head };
}

import "server-only";
/**
 * A person commits a room's uncommitted work: every change in the room's
 * worktree becomes one commit on the room's branch, authored by that person,
 * with their message. It goes through commitWorktree, the very commit an
 * agent's git_commit makes (git data from Gatehouse's records, H2; no hooks,
 * H1; the worktree staged in the sandbox, H6), appears in the room's conversation with who made it, and pull requests
 * whose head is that branch follow it (R8).
 *
 * A review room's worktree is the pull request's head under review (R1), so it
 * is refused there, as is a room without a worktree of its own.
 */
import { recordAudit } from "../audit/record-audit";
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { commitWorktree, NestedRepositoryError, NothingToCommitError, type MadeCommit } from "../repos/commit-worktree";
import { BranchMovedError } from "../repos/land-commit";
import { worktreeGit } from "../repos/mirror-paths";
import { SandboxedGitError } from "../repos/sandbox-git-step";
import { SandboxUnavailableError } from "../sandbox/run-in-sandbox";
import { SandboxBusyError } from "../sandbox/sandbox-slots";
import { commitRoomBody, type CommitRoomBody } from "../rooms/schemas";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { followRoomBranch } from "./follow-room-branch";

export interface RoomCommitMade extends MadeCommit {
  branch: string;
  messageId: string;
}

export async function commitRoomWork(prisma: PrismaClient, actor: WorkspaceActor, roomId: string, input: CommitRoomBody): Promise<RoomCommitMade> {
  assertCan(actor, "write");
  const body = commitRoomBody.parse(input);
  const room = await prisma.room.findFirst({
    where: { id: roomId, workspaceId: actor.workspaceId },
    select: { id: true, branch: true, worktreePath: true, repositoryId: true, pullRequestId: true, conversations: { where: { parentId: null }, orderBy: { createdAt: "asc" }, take: 1, select: { id: true } } },
  });
  if (!room) throw notFound("That room");
  if (room.pullRequestId) throw new AppError("unprocessable", "A review room's worktree is the pull request's head under review; commit in the room that works on the branch.");
  const recorded = worktreeGit(room.repositoryId, room.worktreePath);
  if (!room.worktreePath || !room.branch || !recorded) throw new AppError("unprocessable", "This room has no repository worktree on a branch, so there is nothing to commit.");

  const person = await prisma.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { name: true, email: true } });
  let made: MadeCommit;
  try {
    made = await commitWorktree({ path: room.worktreePath, git: recorded, workspaceId: actor.workspaceId }, { message: body.message, author: person });
  } catch (error) {
    if (error instanceof NothingToCommitError) throw new AppError("conflict", "Nothing to commit: the room's worktree has no uncommitted changes.");
    if (error instanceof NestedRepositoryError) throw new AppError("unprocessable", `Nothing was committed: ${error.message.replace(/^nothing was committed: /, "")}.`);
    if (error instanceof BranchMovedError) throw new AppError("conflict", `Nothing was committed: ${room.branch} moved meanwhile; try again.`);
    // H6: the worktree is staged in the sandbox; without it nothing can be committed.
    if (error instanceof SandboxUnavailableError || error instanceof SandboxBusyError) throw new AppError("unavailable", `Nothing was committed: ${error.message}`);
    if (error instanceof SandboxedGitError) throw new AppError("unprocessable", `Nothing was committed: ${error.message}`);
    throw error;
  }

  const messageId = await prisma.$transaction(async (tx) => {
    const conversationId = room.conversations[0]?.id ?? (await tx.conversation.create({ data: { roomId: room.id, title: "Main" }, select: { id: true } })).id;
    const message = await tx.message.create({
      data: {
        conversationId,
        role: "system",
        authorId: actor.userId,
        content: `${person.name} committed ${made.sha.slice(0, 12)} on ${room.branch}: ${made.subject}`,
        meta: { kind: "commit", sha: made.sha, branch: room.branch, by: person.name },
      },
    });
    await recordEvent(tx, { workspaceId: actor.workspaceId, roomId: room.id, type: "message.created", data: { messageId: message.id, conversationId } });
    await recordAudit(tx, { workspaceId: actor.workspaceId, actorId: actor.userId, action: "room.committed", targetType: "room", targetId: room.id, data: { sha: made.sha, branch: room.branch } });
    return message.id;
  });
  await followRoomBranch(prisma, { workspaceId: actor.workspaceId, roomId: room.id, userId: actor.userId });
  return { ...made, branch: room.branch, messageId };
}

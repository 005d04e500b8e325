import "server-only";
/**
 * A person applies a finding's suggested change: the anchored lines are
 * replaced by the suggestion and committed onto the pull request's head
 * branch, authored by the person who clicked. That makes a new head, which
 * goes through applyNewHead like any push (R8: older evidence becomes stale,
 * anchors are remapped, a re-review is queued).
 *
 * The commit is written with plumbing in Gatehouse's mirror
 * (lib/repos/commit-line-change.ts, H1/H3) and lands there, like a merge
 * (merge-pull-request.ts). Refused, with nothing written, when the head moved
 * since the person looked, when the finding's anchor is outdated at the
 * current head, or when the room working on that branch has uncommitted
 * changes to the file.
 *
 * The commit carries the person's message, and the finding it fixes is
 * resolved by it in the same step (naming the commit), so a fixed finding
 * does not hold the new head's verdict until someone remembers to resolve it.
 */
import { recordFindingEvents } from "../reviews/record-finding-events";
import { recordAudit } from "../audit/record-audit";
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { commitLineChange, LineChangeRefused } from "../repos/commit-line-change";
import { followBranch, hasLocalChanges } from "../repos/follow-branch";
import { SandboxedGitError, type WorktreeOnRecord } from "../repos/sandbox-git-step";
import { SandboxUnavailableError } from "../sandbox/run-in-sandbox";
import { SandboxBusyError } from "../sandbox/sandbox-slots";
import { InvalidRefError, validateBranchName } from "../repos/git-refs";
import { BranchMovedError } from "../repos/land-commit";
import { branchTip } from "../repos/landed-refs";
import { serialized } from "../repos/mirror";
import { worktreeGit } from "../repos/mirror-paths";
import { mergeBase } from "../repos/pull-git";
import { syncRepository } from "../repositories/sync-repository";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { decideTransition } from "../reviews/decide-transition";
import { applyNewHead, type HeadChange } from "./apply-new-head";
import { applySuggestionBody, type ApplySuggestionBody } from "./schemas";

const short = (sha: string) => sha.slice(0, 12);

export interface AppliedSuggestion {
  commit: string;
  change: HeadChange;
  /** rooms on that branch whose worktree could not be moved to the new commit (changed meanwhile) */
  roomsNotFollowed: string[];
}

export async function applySuggestion(
  prisma: PrismaClient,
  actor: WorkspaceActor,
  ref: { pullRequestId: string; findingId: string },
  input: ApplySuggestionBody,
): Promise<AppliedSuggestion> {
  assertCan(actor, "write");
  const body = applySuggestionBody.parse(input);
  const finding = await prisma.finding.findFirst({
    where: { id: ref.findingId, pullRequestId: ref.pullRequestId, pullRequest: { workspaceId: actor.workspaceId } },
    include: { pullRequest: { include: { repository: { select: { id: true, workspaceId: true, path: true, remoteUrl: true } } } } },
  });
  if (!finding) throw notFound("That finding");
  const pull = finding.pullRequest;
  if (pull.source === "github") throw new AppError("unprocessable", `Pull request #${pull.number} lives on GitHub; apply the suggestion there.`);
  if (pull.state !== "open") throw new AppError("conflict", `Pull request #${pull.number} is ${pull.state}; its review is read-only until it is reopened.`);
  if (body.headSha !== pull.headSha) {
    throw new AppError("conflict", `The head moved from ${short(body.headSha)} to ${short(pull.headSha)} since you looked; check the suggestion against the new head.`);
  }
  if (!finding.suggestion) throw new AppError("unprocessable", "This finding has no suggested change to apply.");
  if (!finding.file || finding.startLine === null || finding.endLine === null) throw new AppError("unprocessable", "This finding is not anchored to lines of a file, so there is nothing to replace.");
  if (finding.outdated || (finding.anchorSha !== null && finding.anchorSha !== pull.headSha)) {
    throw new AppError("conflict", `The lines this finding points at changed; its anchor is outdated at ${short(pull.headSha)}, so the suggestion no longer applies.`);
  }
  if (finding.status !== "open" && finding.status !== "consensusReady") {
    throw new AppError("conflict", `This finding is ${finding.status}; reopen it before applying its suggestion.`);
  }
  const branch = headBranch(pull.headRef);

  const mirror = await syncRepository(prisma, pull.repository, { unlessMirrorHas: pull.headSha });
  const tip = await branchTip(mirror, branch);
  if (tip !== pull.headSha) {
    throw new AppError("conflict", tip ? `${branch} is at ${short(tip)}, which this pull request has not reviewed; use "Refresh head" first.` : `The head branch ${branch} no longer exists.`);
  }
  // A room working on this branch keeps its files in step; refuse rather than clobber its uncommitted work.
  const rooms = await prisma.room.findMany({ where: { workspaceId: actor.workspaceId, repositoryId: pull.repositoryId, branch, worktreePath: { not: null } }, select: { name: true, worktreePath: true } });
  const worktrees = rooms.flatMap((room) => {
    const wg = worktreeGit(pull.repositoryId, room.worktreePath);
    return wg && room.worktreePath ? [{ name: room.name, where: { path: room.worktreePath, git: wg, workspaceId: actor.workspaceId } }] : [];
  });
  for (const wt of worktrees) {
    if (await localChangesIn(wt, finding.file)) {
      throw new AppError("conflict", `The room "${wt.name}" has uncommitted changes to ${finding.file}; commit or discard them there first.`);
    }
  }

  const person = await prisma.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { name: true, email: true } });
  let commit: string;
  try {
    commit = await serialized(mirror, () =>
      commitLineChange({
        mirror,
        branch,
        parent: pull.headSha,
        file: finding.file!,
        startLine: finding.startLine!,
        endLine: finding.endLine!,
        replacement: finding.suggestion!,
        message: `${body.message ?? `Apply suggestion: ${finding.title}`}\n\nFrom a review finding on pull request #${pull.number} (${finding.file}:${finding.startLine}-${finding.endLine}).\n`,
        person,
      }),
    );
  } catch (error) {
    if (error instanceof LineChangeRefused) throw new AppError("unprocessable", `The suggestion cannot be applied: ${error.message}.`);
    if (error instanceof BranchMovedError) throw new AppError("conflict", `${branch} moved meanwhile; nothing was committed. Refresh the head and try again.`);
    throw error;
  }
  // Checked clean above; should one still refuse (a change made in between), the room is named rather than silently left behind.
  const notFollowed: string[] = [];
  for (const wt of worktrees) await followBranch(wt.where, pull.headSha, commit).catch(() => notFollowed.push(wt.name));

  const resolution = decideTransition(finding.status, "resolve", { reason: `fixed by ${short(commit)} (suggestion applied)`, confirmedByOthers: false });
  await prisma.$transaction(async (tx) => {
    await recordFindingEvents(tx, { findingId: finding.id, type: "suggestion_applied", actor: `user:${actor.userId}`, data: { commit, parent: pull.headSha, by: person.name } });
    // R10: the finding the suggestion fixes is resolved by its commit (conditional on the status it was read in).
    const resolved = resolution.ok && (await tx.finding.updateMany({ where: { id: finding.id, status: finding.status }, data: { status: resolution.nextStatus, statusReason: resolution.reason ?? null } })).count > 0;
    if (resolved) await recordFindingEvents(tx, { findingId: finding.id, type: "resolved", actor: `user:${actor.userId}`, data: { reason: resolution.reason, commit } });
    await recordEvent(tx, {
      workspaceId: actor.workspaceId,
      roomId: finding.roomId,
      type: "finding.updated",
      data: { pullRequestId: pull.id, findingId: finding.id, change: resolved ? "resolved" : "suggestion_applied", status: resolved ? "resolved" : finding.status, by: actor.userId },
    });
    await recordAudit(tx, { workspaceId: actor.workspaceId, actorId: actor.userId, action: "pull_request.suggestion_applied", targetType: "pull_request", targetId: pull.id, data: { findingId: finding.id, commit, parent: pull.headSha } });
  });
  const baseTip = (await branchTip(mirror, pull.baseRef).catch(() => null)) ?? pull.baseSha;
  const baseSha = await mergeBase(mirror, baseTip, commit);
  const change = await applyNewHead(prisma, pull.id, { headSha: commit, baseSha }, { userId: actor.userId });
  return { commit, change, roomsNotFollowed: notFollowed };
}

/** H6: checked in the sandbox; a room that cannot be checked refuses the apply rather than risk its work. */
async function localChangesIn(wt: { name: string; where: WorktreeOnRecord }, file: string): Promise<boolean> {
  try {
    return await hasLocalChanges(wt.where, file);
  } catch (error) {
    if (error instanceof SandboxUnavailableError || error instanceof SandboxBusyError) throw new AppError("unavailable", `The room "${wt.name}" works on this branch, and its worktree cannot be checked for uncommitted changes: ${error.message}`);
    if (error instanceof SandboxedGitError) throw new AppError("unprocessable", `The room "${wt.name}" works on this branch, and its worktree could not be checked for uncommitted changes to ${file}: ${error.message}`);
    throw error;
  }
}

function headBranch(ref: string): string {
  try {
    return validateBranchName(ref);
  } catch (error) {
    if (error instanceof InvalidRefError) throw new AppError("unprocessable", `The head "${ref}" is not a branch, so there is no branch to commit the suggestion to.`);
    throw error;
  }
}

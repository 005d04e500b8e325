import "server-only";
/**
 * Job "review.axes": the platform — never the review agent — runs every axis
 * the base of each open pull request at a head declares (R7: never the head's
 * own declaration; a head that changes it gets a finding), each in the sandbox, in a throwaway
 * detached worktree of exactly that commit (the review room's worktree may
 * move to a newer head meanwhile). An axis with a result from the sandbox for
 * this head already is not run again, so a retried job picks up where it
 * stopped. Results are stored as they come; a published verdict is re-formed
 * once at the end.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { PrismaClient } from "../db/generated/client";
import { worktreesDir } from "../config/data-dir";
import { mirrorPath } from "../repos/mirror-paths";
import { gitMountsFor } from "../repos/worktree-git";
import { ensureCommitHere } from "../hosts/fetch-room-refs";
import { createWorktree, removeWorktree } from "../repos/worktrees";
import { flagAxesChange } from "./flag-axes-change";
import type { ReadAxesFileResult } from "./read-axes-file";
import { readBaseAxes } from "./read-base-axes";
import { recordAxisResult } from "./record-axis-result";
import { reformAtHead } from "./reform-at-head";
import { runAxis } from "./run-axis";

export async function runAxes(prisma: PrismaClient, input: { repositoryId: string; headSha: string }, signal?: AbortSignal): Promise<{ ran: string[] }> {
  const repository = await prisma.repository.findUnique({ where: { id: input.repositoryId }, select: { id: true, workspaceId: true } });
  if (!repository) return { ran: [] };
  const mirror = mirrorPath(repository.id);
  const pulls = await prisma.pullRequest.findMany({
    where: { repositoryId: repository.id, headSha: input.headSha, state: "open" },
    select: { id: true, workspaceId: true, repositoryId: true, baseSha: true, headSha: true, room: { select: { id: true } } },
  });
  // Nobody is reviewing this head any more (the pull request moved on or closed): not worth the CPU.
  if (pulls.length === 0) return { ran: [] };
  for (const pull of pulls) if (pull.room) await flagAxesChange(prisma, { ...pull, roomId: pull.room.id });

  const declared = await declaredAtBases(mirror, [...new Set(pulls.map((p) => p.baseSha))]);
  const done = new Set(
    (await prisma.axisResult.findMany({ where: { repositoryId: repository.id, headSha: input.headSha, source: "sandbox" }, select: { axis: true } })).map((r) => r.axis),
  );
  const todo = declared.ok ? declared.axes.filter((a) => !done.has(a.name)) : [];
  if (todo.length > 0) {
    const worktree = join(worktreesDir(), `axes-${randomUUID()}`);
    const record = (axis: (typeof todo)[number], run: { status: "pass" | "fail" | "could_not_run"; detail: string; log?: string; durationMs?: number }) =>
      recordAxisResult(prisma, { repositoryId: repository.id, headSha: input.headSha, axis: axis.name, gated: axis.gated, source: "sandbox", ...run });
    try {
      // Issue 24: a head committed on another host reaches this host's mirror from the refs server.
      const checkout = await ensureCommitHere(mirror, repository.id, input.headSha).then(() => createWorktree({ mirror, worktreePath: worktree, ref: input.headSha })).then(
        (created) => created,
        (error: Error) => error,
      );
      // H2: the axis sees the checkout and its git data from the mirror, read-only — nothing else.
      const mounts = checkout instanceof Error ? [] : await gitMountsFor(checkout.git);
      for (const axis of todo) {
        signal?.throwIfAborted();
        await record(
          axis,
          checkout instanceof Error
            ? { status: "could_not_run", detail: `the head could not be checked out: ${checkout.message.slice(0, 300)}` }
            : await runAxis(axis, worktree, repository.workspaceId, signal, mounts),
        );
      }
    } finally {
      await removeWorktree({ mirror, worktreePath: worktree }).catch(() => undefined);
    }
  }
  await reformAtHead(prisma, { repositoryId: repository.id, headSha: input.headSha, trigger: "axes", axes: todo.map((a) => a.name) });
  return { ran: todo.map((a) => a.name) };
}

/** R7: the axes the bases declare (pull requests at one head usually share one base); gated if any base gates it. */
async function declaredAtBases(mirror: string, bases: string[]): Promise<ReadAxesFileResult> {
  const reads = await Promise.all(bases.map((baseSha) => readBaseAxes(mirror, { baseSha })));
  const axes = new Map<string, Extract<ReadAxesFileResult, { ok: true }>["axes"][number]>();
  for (const read of reads) {
    if (!read.ok) continue;
    for (const axis of read.axes) {
      const seen = axes.get(axis.name);
      axes.set(axis.name, seen ? { ...seen, gated: seen.gated || axis.gated } : axis);
    }
  }
  const failed = reads.find((r) => !r.ok);
  if (axes.size === 0 && failed) return failed;
  return { ok: true, axes: [...axes.values()], present: reads.some((r) => r.ok && r.present) };
}

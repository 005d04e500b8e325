import "server-only";
/**
 * R9: make a GitHub pull request in Gatehouse match the newest state GitHub
 * reported for it (GithubPullSnapshot, ordered by GitHub's clock) — open,
 * closed or merged, its head, its base branch and its title — however many
 * deliveries arrived, late, repeated, concurrently or out of order.
 *
 * - Not known yet: opened at the snapshot's head (a pull request never seen
 *   open gets no room just to be closed).
 * - Reopened before its head moves, so the new head is re-reviewed; a new head
 *   or base branch goes through applyNewHead (anchors remapped, re-review
 *   against the base); a new title is shown; closed or merged last.
 * - Every change names the snapshot version it applies, and a change for an
 *   older version never overwrites a newer one (two jobs racing cannot move a
 *   pull request back); the pull request records the version it matches, and
 *   the job repeats until that is the newest.
 * - When two deliveries tie and disagree, GitHub's API is asked for the pull
 *   request as it is (with the credential that publishes, through its
 *   rate-limit gate); without a credential the first one recorded stands.
 *
 * Commits are fetched only for the newest state, and only when the mirror
 * lacks them: a retitle, a close or a reopen never waits for the network.
 */
import { env } from "../config/env";
import type { GithubPullSnapshot, PrismaClient } from "../db/generated/client";
import { recordEvent } from "../events/record-event";
import { heldBy } from "../github/credential-state";
import { fetchPullReport } from "../github/fetch-pull-report";
import { githubApp, type GithubApp } from "../github/github-app";
import { sameState, type ForgePullState } from "../github/pull-order";
import { recordPullSnapshot } from "../github/record-pull-snapshot";
import { RetryLater } from "../queue/run-worker";
import { checkRemoteUrl } from "../repos/remote-url";
import { fetchPullHead, hasCommit, mergeBase } from "../repos/pull-git";
import { existingMirror, syncRepository } from "../repositories/sync-repository";
import { pickReviewAgent } from "../reviews/pick-review-agent";
import { applyNewHead } from "./apply-new-head";
import { createPullRequest, pullRoomName, PullRequestExists } from "./create-pull-request";
import { forgeVersionGuard, setPullStateNow } from "./set-pull-state";

export type ReconcileOutcome = "opened" | "moved" | "edited" | "unchanged" | "skipped" | "closed" | "reopened" | "merged";

export interface ReconcileRepository {
  id: string;
  name: string;
  path: string | null;
  remoteUrl: string | null;
  workspaceId: string;
  githubFullName: string | null;
  githubToken: string | null;
  githubInstallationId: bigint | null;
}

/** Passes before the job gives up for now (the snapshot kept changing under it) and is retried by the queue. */
const MAX_PASSES = 6;

export async function reconcileGithubPull(
  prisma: PrismaClient,
  repository: ReconcileRepository,
  number: number,
  options: { app?: GithubApp | null } = {},
): Promise<{ outcomes: ReconcileOutcome[]; detail?: string }> {
  const outcomes: ReconcileOutcome[] = [];
  const key = { repositoryId_number: { repositoryId: repository.id, number } };
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const snapshot = await prisma.githubPullSnapshot.findUnique({ where: key });
    if (!snapshot) return { outcomes: ["skipped"], detail: `nothing was delivered for #${number}` };
    if (snapshot.doubt) {
      await settleDoubt(prisma, repository, snapshot, options.app === undefined ? githubApp() : options.app);
      continue;
    }
    const pull = await prisma.pullRequest.findUnique({
      where: { repositoryId_number: { repositoryId: repository.id, number } },
      select: { id: true, source: true, state: true, headSha: true, baseRef: true, title: true },
    });
    if (!pull) {
      // A pull request Gatehouse never saw open needs no room just to be closed.
      if (snapshot.state !== "open" && !snapshot.seenOpen) return { outcomes: ["skipped"], detail: `#${number} was never open while Gatehouse listened` };
      if (await open(prisma, repository, snapshot)) outcomes.push("opened");
      continue;
    }
    // Numbers of pull requests opened in Gatehouse share the repository's sequence; never overwrite one.
    if (pull.source !== "github") return { outcomes: ["skipped"], detail: `#${number} of ${repository.name} is a pull request opened in Gatehouse, not GitHub's` };
    const matches = sameAs(pull, snapshot);
    if (!matches) outcomes.push(...(await apply(prisma, repository, pull, snapshot)));
    await prisma.pullRequest.updateMany({
      where: { id: pull.id, OR: [{ forgeVersion: null }, { forgeVersion: { lt: snapshot.version } }] },
      data: { forgeVersion: snapshot.version, forgeUpdatedAt: snapshot.forgeUpdatedAt },
    });
    if (matches) return { outcomes: outcomes.length ? outcomes : ["unchanged"] };
  }
  throw new Error(`pull request #${number} of ${repository.name} kept changing while it was brought up to date; trying again`);
}

type KnownPull = { id: string; state: string; headSha: string; baseRef: string; title: string };

function sameAs(pull: KnownPull, s: GithubPullSnapshot): boolean {
  return sameState({ ...pull, state: pull.state as ForgePullState }, { ...s, state: s.state as ForgePullState });
}

/** One snapshot applied to an existing pull request, in the order that re-reviews an open head. */
async function apply(prisma: PrismaClient, repository: ReconcileRepository, pull: KnownPull, s: GithubPullSnapshot): Promise<ReconcileOutcome[]> {
  const done: ReconcileOutcome[] = [];
  const forgeVersion = s.version;
  if (s.state === "open" && pull.state === "closed" && (await setPullStateNow(prisma, { pullRequestId: pull.id, from: ["closed"], to: "open", by: "github", forgeVersion }))) done.push("reopened");
  if (pull.headSha !== s.headSha || pull.baseRef !== s.baseRef) {
    const baseSha = await ensureCommits(prisma, repository, s);
    const change = await applyNewHead(prisma, pull.id, { headSha: s.headSha, baseSha, baseRef: s.baseRef, title: s.title, forgeVersion }, { userId: null });
    if (change.changed) done.push("moved");
  } else if (pull.title !== s.title && (await retitle(prisma, pull.id, s.title, forgeVersion))) {
    done.push("edited");
  }
  if (s.state !== "open" && pull.state !== s.state) {
    const from = s.state === "merged" ? (["open", "closed"] as const) : (["open"] as const);
    if (await setPullStateNow(prisma, { pullRequestId: pull.id, from, to: s.state as "closed" | "merged", by: "github", forgeVersion })) done.push(s.state === "merged" ? "merged" : "closed");
  }
  return done;
}

/** Opens the pull request at the snapshot; false when another job opened it first (the next pass applies the snapshot to it). */
async function open(prisma: PrismaClient, repository: ReconcileRepository, s: GithubPullSnapshot): Promise<boolean> {
  const baseSha = await ensureCommits(prisma, repository, s);
  try {
    const agent = await pickReviewAgent(prisma, repository.workspaceId);
    await createPullRequest(prisma, {
      workspaceId: repository.workspaceId,
      repository,
      number: s.number,
      title: s.title,
      baseRef: s.baseRef,
      headRef: s.headRef,
      baseSha,
      headSha: s.headSha,
      source: "github",
      authorId: null,
      agentId: agent.id,
    });
    return true;
  } catch (error) {
    if (error instanceof PullRequestExists) return false;
    throw error;
  }
}

/** A new title only: shown on the pull request and its room at once. */
async function retitle(prisma: PrismaClient, pullRequestId: string, title: string, forgeVersion: number): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const changed = await tx.pullRequest.updateMany({ where: { id: pullRequestId, ...forgeVersionGuard(forgeVersion) }, data: { title, forgeVersion } });
    if (changed.count === 0) return false;
    const pull = await tx.pullRequest.findUniqueOrThrow({ where: { id: pullRequestId }, select: { workspaceId: true, number: true, baseRef: true, room: { select: { id: true } } } });
    if (pull.room) {
      await tx.room.update({ where: { id: pull.room.id }, data: { name: pullRoomName(pull.number, title) } });
      await recordEvent(tx, { workspaceId: pull.workspaceId, roomId: pull.room.id, type: "pull.edited", data: { pullRequestId, title, baseRef: pull.baseRef } });
    }
    return true;
  });
}

/**
 * The snapshot's head and base in Gatehouse's mirror (fetched from the remote
 * only when missing); returns the merge base to review against.
 */
async function ensureCommits(prisma: PrismaClient, repository: ReconcileRepository, s: GithubPullSnapshot): Promise<string> {
  const mirror = await existingMirror(repository.id);
  const complete = async () => (await hasCommit(mirror, s.headSha)) && (await hasCommit(mirror, s.baseSha));
  if (!(await complete())) {
    let fetched: Error | null = null;
    if (repository.remoteUrl) {
      const remoteUrl = repository.remoteUrl;
      fetched = await Promise.resolve()
        .then(() => fetchPullHead({ mirror, remoteUrl, remote: checkRemoteUrl(remoteUrl, env().GATEHOUSE_ALLOWED_GIT_HOSTS), number: s.number, headRef: s.headRef, baseRef: s.baseRef }))
        .then(
          () => null,
          (error: Error) => error,
        );
    }
    // An unreachable remote is fine when the commit was pushed to the repository's folder on the server too.
    if (!(await complete()) && repository.path) await syncRepository(prisma, repository);
    if (fetched && !(await hasCommit(mirror, s.headSha))) throw fetched;
  }
  if (!(await hasCommit(mirror, s.headSha))) {
    // The branch moved on after this state (or there is no remote); the delivery of the newer push brings that head.
    throw new Error(`${repository.name} does not have ${s.headSha.slice(0, 12)} of pull request #${s.number}${repository.remoteUrl ? " (not on the remote either)" : " and has no remote URL to fetch it from"}`);
  }
  return (await hasCommit(mirror, s.baseSha)) ? mergeBase(mirror, s.baseSha, s.headSha) : s.baseSha;
}

/** Two deliveries tie and disagree: GitHub's API says which is true now; without a credential the first recorded stands. */
async function settleDoubt(prisma: PrismaClient, repository: ReconcileRepository, s: GithubPullSnapshot, app: GithubApp | null): Promise<void> {
  let report: Awaited<ReturnType<typeof fetchPullReport>> = null;
  try {
    report = await fetchPullReport(prisma, app, repository, s.number);
  } catch (error) {
    const held = heldBy(error);
    if (held) throw new RetryLater(Math.max(1, held.until.getTime() - Date.now()), "GitHub's rate limit holds the credential");
    // GitHub could not be asked (down, or the credential refused): the deliveries are all there is.
  }
  await prisma.$transaction(async (tx) => {
    if (report) await recordPullSnapshot(tx, report, { authoritative: true });
    await tx.githubPullSnapshot.update({ where: { repositoryId_number: { repositoryId: repository.id, number: s.number } }, data: { doubt: null } });
  });
}


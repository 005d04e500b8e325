import "server-only";
/**
 * R12: create or update the `Gatehouse` check run of one head. A head has one
 * such check run for its pull request: the id Gatehouse stored is updated in
 * place; without one (the first publish for this head, or a publish that died
 * after GitHub created the run but before the id was stored) the head's check
 * runs are searched for ours by external id before a new one is created, so a
 * re-run job never adds a second. The id is stored as soon as GitHub assigns
 * it (`onCreated`), before anything else can fail.
 */
import { GATEHOUSE_CHECK_NAME } from "../github/request-publish";
import type { GithubClient } from "../github/github-client";
import type { CheckRunBody } from "./check-run-body";

export interface CheckRunTarget {
  owner: string;
  repo: string;
  pullRequestId: string;
  headSha: string;
  detailsUrl: string | null;
  /** what Gatehouse stored from an earlier publish: used only when it is for this very head */
  known: { checkRunId: bigint | null; headSha: string | null };
}

export interface PublishedCheckRun {
  id: number;
  url: string | null;
}

/** Which step was running when a call failed, for the reason shown in the room. */
export type Step = { what: string };

/** Ours among a head's check runs: the pull request's id in external_id. */
export function externalId(pullRequestId: string): string {
  return `gatehouse:${pullRequestId}`;
}

export async function publishCheckRun(
  client: GithubClient,
  target: CheckRunTarget,
  body: CheckRunBody,
  step: Step,
  onCreated: (run: PublishedCheckRun) => Promise<void>,
): Promise<PublishedCheckRun> {
  const { owner, repo } = target;
  const fields = {
    name: GATEHOUSE_CHECK_NAME,
    external_id: externalId(target.pullRequestId),
    status: body.status,
    output: body.output,
    ...(target.detailsUrl ? { details_url: target.detailsUrl } : {}),
    ...(body.conclusion ? { conclusion: body.conclusion, completed_at: new Date().toISOString() } : {}),
  };
  let id = target.known.headSha === target.headSha && target.known.checkRunId !== null ? Number(target.known.checkRunId) : null;
  if (id === null) {
    step.what = "find the check run";
    const runs = await client.paginate(client.rest.checks.listForRef, { owner, repo, ref: target.headSha, check_name: GATEHOUSE_CHECK_NAME, filter: "all", per_page: 100 });
    id = runs.find((run) => run.external_id === fields.external_id)?.id ?? null;
  }
  if (id !== null) {
    step.what = "update the check run";
    try {
      const updated = await client.rest.checks.update({ owner, repo, check_run_id: id, ...fields });
      return { id: updated.data.id, url: updated.data.html_url ?? null };
    } catch (error) {
      // Deleted on GitHub's side (a repository transfer, a cleanup): create it again.
      if ((error as { status?: number }).status !== 404) throw error;
    }
  }
  step.what = "create the check run";
  const created = await client.rest.checks.create({ owner, repo, head_sha: target.headSha, ...fields });
  const run = { id: created.data.id, url: created.data.html_url ?? null };
  await onCreated(run);
  return run;
}

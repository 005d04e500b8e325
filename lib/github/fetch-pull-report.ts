import "server-only";
/**
 * R9: GitHub's API settles what the deliveries cannot — two reports of a pull
 * request that tie on GitHub's clock and disagree. `GET
 * /repos/{owner}/{repo}/pulls/{pull_number}` is the pull request as it is now,
 * asked with the credential that publishes (an App installation or the
 * repository's token) through its rate-limit gate. Null when the repository
 * has no credential: the deliveries are then all there is.
 */
import type { PrismaClient } from "../db/generated/client";
import type { GithubApp } from "./github-app";
import { githubClient } from "./github-client";
import { reportState } from "./pull-order";
import { resolvePublishCredential, type CredentialRepository } from "./publish-credential";
import type { ReportedPull } from "./record-pull-snapshot";
import { githubPullSchema } from "./webhook-schemas";

export async function fetchPullReport(
  prisma: PrismaClient,
  app: GithubApp | null,
  repository: CredentialRepository & { id: string },
  number: number,
): Promise<ReportedPull | null> {
  if (!repository.githubFullName) return null;
  const credential = await resolvePublishCredential(app, repository, undefined, prisma);
  if (credential.kind === "none") return null;
  const [owner, repo] = repository.githubFullName.split("/") as [string, string];
  const client = githubClient(credential.token, { store: prisma, key: credential.key });
  const { data } = await client.rest.pulls.get({ owner, repo, pull_number: number });
  const pull = githubPullSchema.parse(data);
  return {
    repositoryId: repository.id,
    number,
    action: "api",
    updatedAt: pull.updated_at ? new Date(pull.updated_at) : null,
    state: reportState(pull.state, pull.merged, "api"),
    title: pull.title,
    baseRef: pull.base.ref,
    baseSha: pull.base.sha,
    headRef: pull.head.ref,
    headSha: pull.head.sha,
    beforeSha: null,
  };
}

import "server-only";
/**
 * R12: which credential publishes a repository's verdict. A GitHub App
 * installation wins when there is one (set on the repository, or found by the
 * app): on github.com only an app may create check runs, and its token also
 * posts review comments. Otherwise the repository's own token is used — it can
 * post comments, but GitHub refuses it check runs (403), which the publish
 * reports with what to configure. With neither, nothing is published and the
 * reason says what to set up.
 */
import { credentialKey, type CredentialStore } from "./credential-state";
import type { AppCallOptions, GithubApp } from "./github-app";

export interface CredentialRepository {
  githubFullName: string | null;
  githubToken: string | null;
  githubInstallationId: bigint | null;
}

/** `key`: the credential as GitHub counts it (credential-state.ts): its rate limits and refusals are kept under it. */
export type PublishCredential =
  | { kind: "app"; installationId: number; source: "set" | "found"; token: string; key: string }
  | { kind: "token"; token: string; key: string; /** why the app could not be used, when one is configured */ appProblem: string | null }
  | { kind: "none"; reason: string };

export type CredentialKind = PublishCredential["kind"];

/** Which installation an app would use for the repository, before any token is asked for. */
export async function findRepositoryInstallation(
  app: GithubApp,
  repository: CredentialRepository,
  options?: AppCallOptions & { fresh?: boolean },
): Promise<{ installationId: number; source: "set" | "found" } | null> {
  if (repository.githubInstallationId !== null) return { installationId: Number(repository.githubInstallationId), source: "set" };
  if (!repository.githubFullName) return null;
  const [owner, repo] = repository.githubFullName.split("/") as [string, string];
  const found = await app.findInstallation(owner, repo, options);
  return found === null ? null : { installationId: found, source: "found" };
}

/** The credential to publish with; network errors from GitHub propagate for the caller to classify. */
export async function resolvePublishCredential(
  app: GithubApp | null,
  repository: CredentialRepository,
  step: { what: string } = { what: "" },
  store?: CredentialStore,
): Promise<PublishCredential> {
  const fullName = repository.githubFullName ?? "the repository";
  if (app) {
    step.what = "find the GitHub App's installation on the repository";
    const installation = await findRepositoryInstallation(app, repository, { store });
    if (installation) {
      step.what = "get an installation token for the GitHub App";
      const { token } = await app.installationToken(installation.installationId, { store });
      return { kind: "app", ...installation, token, key: credentialKey({ kind: "installation", installationId: installation.installationId }) };
    }
  }
  const appProblem = app ? `The GitHub App is not installed on ${fullName}.` : null;
  if (repository.githubToken) return { kind: "token", token: repository.githubToken, key: credentialKey({ kind: "token", token: repository.githubToken }), appProblem };
  return { kind: "none", reason: nothingToPublishWith(fullName, app !== null) };
}

/** What to configure when a repository has no credential at all. */
export function nothingToPublishWith(fullName: string, appConfigured: boolean): string {
  return appConfigured
    ? `Publishing is off: the GitHub App is not installed on ${fullName} and the repository has no token. Install the app on the repository (or set its installation id), or set a token in Settings → Repositories.`
    : `Publishing is off: no GitHub App is configured (GATEHOUSE_GITHUB_APP_ID and GATEHOUSE_GITHUB_APP_PRIVATE_KEY) and the repository has no token. Configure the app and install it on ${fullName}, or set a token in Settings → Repositories.`;
}

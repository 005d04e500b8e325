import "server-only";
/**
 * R12: which credential would publish a repository's verdict, for its settings
 * page — the GitHub App's installation (set on the repository, or found by
 * asking GitHub with the app's JWT), the repository's token, or neither, with a
 * message saying what that means and what to configure. No token is exchanged
 * and nothing secret is returned.
 */
import type { PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";
import { githubApp, type GithubApp } from "./github-app";
import { findRepositoryInstallation, nothingToPublishWith } from "./publish-credential";

export interface PublishingCredentialView {
  /** what publishes: the app's installation, the repository's token, or nothing */
  publishesWith: "app" | "token" | "none";
  appConfigured: boolean;
  installation: { id: string; source: "set" | "found" } | null;
  /** what this means, and what to configure when something is missing */
  message: string;
}

export async function getPublishingCredential(
  prisma: PrismaClient,
  workspaceId: string,
  repositoryId: string,
  app: GithubApp | null = githubApp(),
): Promise<PublishingCredentialView> {
  const repository = await prisma.repository.findFirst({
    where: { id: repositoryId, workspaceId },
    select: { githubFullName: true, githubToken: true, githubInstallationId: true },
  });
  if (!repository) throw notFound("That repository");
  const fullName = repository.githubFullName;
  if (!fullName) {
    return { publishesWith: "none", appConfigured: app !== null, installation: null, message: "Publishing is off: the repository has no GitHub name (owner/repository)." };
  }
  const hasToken = Boolean(repository.githubToken);
  let lookupProblem: string | null = null;
  if (app) {
    try {
      // A person looking at the settings gets GitHub's answer now, not a cached "not installed".
      const found = await findRepositoryInstallation(app, repository, { fresh: true, store: prisma });
      if (found) {
        const installation = { id: String(found.installationId), source: found.source };
        const how = found.source === "set" ? `installation ${installation.id}, set for this repository` : `installation ${installation.id}, found on ${fullName}`;
        return { publishesWith: "app", appConfigured: true, installation, message: `The GitHub App publishes the check run and review comments (${how}).` };
      }
    } catch (error) {
      const status = (error as { status?: number }).status;
      lookupProblem = `GitHub did not answer the app's installation lookup${status ? ` (${status})` : ""}; check GATEHOUSE_GITHUB_APP_ID and the private key.`;
    }
  }
  if (hasToken) {
    const why = lookupProblem ?? (app ? `The GitHub App is not installed on ${fullName}.` : "No GitHub App is configured.");
    return {
      publishesWith: "token",
      appConfigured: app !== null,
      installation: null,
      message: `${why} The repository's token publishes: it can post review comments, but GitHub lets only a GitHub App create check runs, so the verdict's check run will be refused (403) unless the token is an app installation token.`,
    };
  }
  return { publishesWith: "none", appConfigured: app !== null, installation: null, message: lookupProblem ? `Publishing is off for now: ${lookupProblem}` : nothingToPublishWith(fullName, app !== null) };
}

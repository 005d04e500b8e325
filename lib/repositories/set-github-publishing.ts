import "server-only";
/**
 * R12: a repository's GitHub publishing settings (admins and owners): the
 * token verdicts and comments are published with, the GitHub App installation
 * (when a person sets it rather than letting the app find it), whether
 * anchored findings become review comments, and what a hold publishes as. The token is stored server-side and never
 * returned (H4); the audit log says it was replaced or removed, never what it is.
 * The webhook secret GitHub signs deliveries with is set here too (write-only).
 * H3: the person who sets the token or the secret is recorded; it lasts only
 * while they may manage the workspace (lib/grants).
 */
import { recordAudit } from "../audit/record-audit";
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { requestPublish } from "../github/request-publish";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { githubPublishingBody, repositorySelect, toRepositoryView, type RepositoryView } from "./schemas";

/** Open pull requests republished by one settings change; older ones publish on their next change. */
const MAX_REPUBLISH = 200;

export async function setGithubPublishing(prisma: PrismaClient, actor: WorkspaceActor, repositoryId: string, raw: unknown): Promise<RepositoryView> {
  assertCan(actor, "manage");
  const body = githubPublishingBody.parse(raw);
  return prisma.$transaction(async (tx) => {
    const row = await tx.repository.findFirst({ where: { id: repositoryId, workspaceId: actor.workspaceId }, select: repositorySelect });
    if (!row) throw notFound("That repository");
    if ((body.token || body.installationId || body.webhookSecret) && !row.githubFullName) {
      throw new AppError("unprocessable", "This repository has no GitHub name (owner/repository), so there is nothing to publish to; register it with one first.");
    }
    const updated = await tx.repository.update({
      where: { id: row.id },
      data: {
        ...(body.token !== undefined ? { githubToken: body.token, githubTokenSetById: body.token ? actor.userId : null } : {}),
        ...(body.webhookSecret !== undefined ? { webhookSecret: body.webhookSecret, webhookSecretSetById: body.webhookSecret ? actor.userId : null } : {}),
        ...(body.publishComments !== undefined ? { publishComments: body.publishComments } : {}),
        ...(body.installationId !== undefined ? { githubInstallationId: body.installationId === null ? null : BigInt(body.installationId) } : {}),
        ...(body.holdAs !== undefined ? { publishHoldAs: body.holdAs } : {}),
      },
      select: repositorySelect,
    });
    await recordAudit(tx, {
      workspaceId: actor.workspaceId,
      actorId: actor.userId,
      action: "repository.github_publishing",
      targetType: "repository",
      targetId: row.id,
      data: {
        ...(body.token !== undefined ? { token: body.token ? "replaced" : "removed" } : {}),
        ...(body.webhookSecret !== undefined ? { webhookSecret: body.webhookSecret ? "replaced" : "removed" } : {}),
        ...(body.publishComments !== undefined ? { publishComments: body.publishComments } : {}),
        ...(body.installationId !== undefined ? { installationId: body.installationId } : {}),
        ...(body.holdAs !== undefined ? { holdAs: body.holdAs } : {}),
      },
    });
    // What GitHub shows changes with the hold conclusion or the credential: republish the open pull requests.
    const republish = (body.holdAs !== undefined && body.holdAs !== row.publishHoldAs) || Boolean(body.token) || body.installationId !== undefined;
    if (republish) {
      const open = await tx.pullRequest.findMany({ where: { repositoryId: row.id, state: "open" }, select: { id: true }, take: MAX_REPUBLISH });
      for (const pull of open) await requestPublish(tx, pull.id);
    }
    return toRepositoryView(updated);
  });
}

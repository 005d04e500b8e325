import "server-only";
/**
 * H3, H5: a grant ends with its authority. Removing a person, or changing
 * their role, ends in the same transaction what they made that their role no
 * longer allows (grant-rules.ts): their pending invites above what they may
 * grant now, and — once they may no longer manage the workspace — the
 * outgoing webhook, the repositories' webhook secrets and GitHub tokens, and
 * the MCP servers they set. Those are revoked, not kept as the workspace's:
 * the person still knows the secrets and may own the destinations, and
 * Gatehouse cannot tell a team's endpoint from a person's own. Personal MCP
 * tokens are the person's, not the workspace's (they may serve other
 * workspaces), so they are not deleted: from now on they reach this workspace
 * with the new role, or not at all. An agent's own model endpoint and key are
 * kept — runs and pipelines depend on them, and they reach a model provider,
 * not Gatehouse — but flagged, so an admin checks where the workspace's prompts
 * go. Each ending is an audit row the members page lists (list-revocations.ts).
 */
import { recordAudit } from "../audit/record-audit";
import { lowers, type Role } from "../auth/permissions";
import type { Prisma as Db } from "../db/generated/client";
import { article } from "../workspaces/actor";
import { configurationHolds, inviteHolds } from "./grant-rules";
import { REVOCATION_ACTIONS, type GrantKind, type RevocationData, type RevocationEffect } from "./schemas";

export interface AuthorityChange {
  workspaceId: string;
  /** whose authority changed */
  userId: string;
  /** who removed or demoted them */
  actorId: string;
  from: Role;
  /** null: removed from the workspace */
  to: Role | null;
}

interface Ended {
  effect: RevocationEffect;
  kind: GrantKind;
  targetType: string;
  targetId: string;
  what: string;
  remedy: string | null;
}

/** Ends what `change.userId` set that the new role no longer allows; returns how many grants ended. */
export async function endGrants(tx: Db.TransactionClient, change: AuthorityChange): Promise<number> {
  const ended = [...(await endInvites(tx, change))];
  if (!configurationHolds(change.to)) ended.push(...(await endConfiguration(tx, change)));
  ended.push(...(await capTokens(tx, change)));
  if (ended.length === 0) return 0;
  const holder = await tx.user.findUniqueOrThrow({ where: { id: change.userId }, select: { id: true, name: true, email: true } });
  await recordAudit(
    tx,
    ...ended.map((item) => ({
      workspaceId: change.workspaceId,
      actorId: change.actorId,
      action: REVOCATION_ACTIONS[item.effect],
      targetType: item.targetType,
      targetId: item.targetId,
      data: { v: 1 as const, kind: item.kind, what: item.what, holder, change: { from: change.from, to: change.to }, remedy: item.remedy } satisfies RevocationData,
    })),
  );
  return ended.length;
}

async function endInvites(tx: Db.TransactionClient, change: AuthorityChange): Promise<Ended[]> {
  const now = new Date();
  const pending = await tx.invite.findMany({
    where: { workspaceId: change.workspaceId, createdById: change.userId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
    select: { id: true, email: true, role: true },
  });
  const ending = pending.filter((invite) => !inviteHolds(change.to, invite.role));
  if (ending.length === 0) return [];
  // Conditional, like every other revocation: an invite accepted a moment earlier stays accepted.
  const still = await tx.invite.findMany({ where: { id: { in: ending.map((i) => i.id) }, acceptedAt: null, revokedAt: null }, select: { id: true } });
  await tx.invite.updateMany({ where: { id: { in: still.map((i) => i.id) }, acceptedAt: null, revokedAt: null }, data: { revokedAt: now } });
  const revoked = new Set(still.map((i) => i.id));
  return ending
    .filter((invite) => revoked.has(invite.id))
    .map((invite) => ({
      effect: "revoked",
      kind: "invite",
      targetType: "invite",
      targetId: invite.id,
      what: `${invite.email ? `Invite for ${invite.email}` : "Invite link for anyone"} as ${article(invite.role)} ${invite.role}`,
      remedy: "Invite them again yourself if they should still join.",
    }));
}

async function endConfiguration(tx: Db.TransactionClient, change: AuthorityChange): Promise<Ended[]> {
  const ended: Ended[] = [];
  const workspace = await tx.workspace.findUniqueOrThrow({ where: { id: change.workspaceId }, select: { webhookUrl: true, webhookSetById: true } });
  if (workspace.webhookUrl && workspace.webhookSetById === change.userId) {
    await tx.workspace.update({ where: { id: change.workspaceId }, data: { webhookUrl: null, webhookSecret: null, webhookSetById: null } });
    ended.push({
      effect: "revoked",
      kind: "workspace_webhook",
      targetType: "workspace",
      targetId: change.workspaceId,
      what: `Outgoing webhook to ${shownUrl(workspace.webhookUrl)}`,
      remedy: "Set it again in Settings → Webhook if the workspace still wants it; it gets a new secret.",
    });
  }

  const repositories = await tx.repository.findMany({
    where: { workspaceId: change.workspaceId, OR: [{ webhookSecretSetById: change.userId }, { githubTokenSetById: change.userId }] },
    select: { id: true, name: true, githubFullName: true, webhookSecret: true, webhookSecretSetById: true, githubToken: true, githubTokenSetById: true },
  });
  for (const repo of repositories) {
    const secret = repo.webhookSecret !== null && repo.webhookSecretSetById === change.userId;
    const token = repo.githubToken !== null && repo.githubTokenSetById === change.userId;
    await tx.repository.update({
      where: { id: repo.id },
      data: {
        ...(repo.webhookSecretSetById === change.userId ? { webhookSecret: null, webhookSecretSetById: null } : {}),
        ...(repo.githubTokenSetById === change.userId ? { githubToken: null, githubTokenSetById: null } : {}),
      },
    });
    if (secret) {
      ended.push({
        effect: "revoked",
        kind: "repository_webhook_secret",
        targetType: "repository",
        targetId: repo.id,
        what: `Webhook secret of repository ${repo.name}`,
        remedy: `GitHub's deliveries${repo.githubFullName ? ` for ${repo.githubFullName}` : ""} are refused until an admin sets a new secret in Settings → Repositories and the same one on GitHub.`,
      });
    }
    if (token) {
      ended.push({
        effect: "revoked",
        kind: "repository_github_token",
        targetType: "repository",
        targetId: repo.id,
        what: `GitHub token of repository ${repo.name} (ending in ${repo.githubToken!.slice(-4)})`,
        remedy: "Set a new token in Settings → Repositories, or install the GitHub App on the repository.",
      });
    }
  }

  const agents = await tx.agent.findMany({
    where: { workspaceId: change.workspaceId, endpointSetById: change.userId, OR: [{ baseUrl: { not: null } }, { apiKey: { not: null } }] },
    select: { id: true, name: true, baseUrl: true, apiKey: true },
  });
  // Kept as the workspace's from now on: flagged once, not again at the next change of the same person.
  if (agents.length > 0) await tx.agent.updateMany({ where: { id: { in: agents.map((a) => a.id) } }, data: { endpointSetById: null } });
  for (const agent of agents) {
    const parts = [agent.baseUrl ? `endpoint ${shownUrl(agent.baseUrl)}` : null, agent.apiKey ? "key" : null].filter(Boolean).join(" and ");
    ended.push({
      effect: "kept",
      kind: "agent_endpoint",
      targetType: "agent",
      targetId: agent.id,
      what: `Agent ${agent.name}'s model ${parts}`,
      remedy: "Kept, so the agent goes on working: check in Settings → Agents that the endpoint is the team's, and replace the key if it was theirs.",
    });
  }

  const servers = await tx.attachedMcpServer.findMany({ where: { workspaceId: change.workspaceId, createdById: change.userId }, select: { id: true, name: true, url: true, tools: true } });
  if (servers.length > 0) {
    await tx.attachedMcpServer.deleteMany({ where: { id: { in: servers.map((s) => s.id) } } });
    for (const server of servers) {
      const tools = Object.keys((server.tools ?? {}) as Record<string, unknown>);
      ended.push({
        effect: "revoked",
        kind: "mcp_server",
        targetType: "mcp_server",
        targetId: server.id,
        what: `MCP server ${server.name} (${shownUrl(server.url)})`,
        remedy: `Attach it again in Settings → MCP servers if the workspace still needs it${tools.length ? ` (its declared tools: ${tools.join(", ")})` : ""}.`,
      });
    }
  }
  return ended;
}

async function capTokens(tx: Db.TransactionClient, change: AuthorityChange): Promise<Ended[]> {
  if (change.to !== null && !lowers(change.from, change.to)) return [];
  const tokens = await tx.mcpToken.count({ where: { userId: change.userId } });
  if (tokens === 0) return [];
  const some = tokens === 1 ? "1 personal MCP token" : `${tokens} personal MCP tokens`;
  return [
    change.to === null
      ? { effect: "revoked", kind: "mcp_tokens", targetType: "user", targetId: change.userId, what: `${some}: they no longer reach this workspace`, remedy: null }
      : { effect: "capped", kind: "mcp_tokens", targetType: "user", targetId: change.userId, what: `${some}: they act as ${article(change.to)} ${change.to} from now on`, remedy: null },
  ];
}

/** Where it pointed, without what a URL can carry besides (credentials in the user part, the query). */
function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return "an address that no longer parses";
  }
}

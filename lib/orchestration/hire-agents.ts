import "server-only";
/**
 * O5: approving a proposal hires. Each role becomes an agent of the
 * workspace, reused by name; a new one takes the proposing agent's provider,
 * model and endpoint (the proposal names no other) and a module allowlist no
 * wider than the proposer's. A reused agent whose allowlist is wider than the
 * proposer's is refused rather than narrowed behind its owner's back: the
 * approval would otherwise let a proposal reach tools its author cannot.
 * Runs inside the approval's transaction.
 */
import type { Prisma } from "../db/generated/client";
import { AppError } from "../errors/app-error";

export interface Proposer {
  id: string;
  name: string;
  provider: Prisma.AgentUncheckedCreateInput["provider"];
  model: string;
  baseUrl: string | null;
  apiKey: string | null;
  script: Prisma.JsonValue;
  restrictModules: boolean;
  moduleAllowlist: string[];
}

/** true when `agent` may use a tool the proposer may not */
export function widerThan(agent: { restrictModules: boolean; moduleAllowlist: readonly string[] }, proposer: { restrictModules: boolean; moduleAllowlist: readonly string[] }): boolean {
  if (!proposer.restrictModules) return false;
  if (!agent.restrictModules) return true;
  const allowed = new Set(proposer.moduleAllowlist);
  return agent.moduleAllowlist.some((tool) => !allowed.has(tool));
}

/** Role name → agent id, with which were created. */
export async function hireAgents(tx: Prisma.TransactionClient, workspaceId: string, roles: readonly { name: string }[], proposer: Proposer) {
  const hired = new Map<string, string>();
  const created: string[] = [];
  const reused: string[] = [];
  for (const role of roles) {
    const existing = await tx.agent.findUnique({ where: { workspaceId_name: { workspaceId, name: role.name } } });
    if (existing) {
      if (widerThan(existing, proposer)) {
        throw new AppError(
          "unprocessable",
          `Role ${JSON.stringify(role.name)} would reuse the agent of that name, whose module allowlist is wider than the proposing agent ${JSON.stringify(proposer.name)}'s. ` +
            `Narrow that agent's allowlist in the workspace settings, or ask for a proposal with another role name. Nothing was approved.`,
        );
      }
      // The person approving hires it: an agent of that name that was archived comes back to work.
      if (existing.archivedAt) await tx.agent.update({ where: { id: existing.id }, data: { archivedAt: null } });
      hired.set(role.name, existing.id);
      reused.push(role.name);
      continue;
    }
    const agent = await tx.agent.create({
      data: {
        workspaceId,
        name: role.name,
        provider: proposer.provider,
        model: proposer.model,
        baseUrl: proposer.baseUrl,
        apiKey: proposer.apiKey,
        script: (proposer.script ?? undefined) as Prisma.InputJsonValue | undefined,
        restrictModules: proposer.restrictModules,
        moduleAllowlist: proposer.moduleAllowlist,
      },
    });
    hired.set(role.name, agent.id);
    created.push(role.name);
  }
  return { hired, created, reused };
}

import "server-only";
import { Prisma as Db } from "../db/generated/client";
import type { AgentConfig } from "./schemas";

/**
 * The columns an agent config is stored in. The allowlist takes two: an empty
 * list is a real restriction, so "unrestricted" is `restrictModules = false`.
 */
export function agentColumns(agent: AgentConfig) {
  return {
    name: agent.name,
    provider: agent.provider,
    model: agent.model ?? "scripted",
    baseUrl: agent.baseUrl,
    apiKey: agent.apiKey,
    moduleAllowlist: agent.moduleAllowlist ?? [],
    restrictModules: agent.moduleAllowlist !== null,
    transport: agent.transport,
    // A script is JSON by construction (it came through scriptSchema); Prisma wants its own JSON type.
    script: agent.script === null ? Db.DbNull : (agent.script as Db.InputJsonValue),
  };
}

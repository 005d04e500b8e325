import "server-only";
/**
 * H4 for the Claude Code transport: the same endpoint and key rules as an
 * Anthropic agent on the built-in harness (the server's key goes only to
 * ANTHROPIC_BASE_URL). The CLI appends /v1/messages itself, so the base URL
 * loses a trailing /v1.
 */
import type { Agent, Workspace } from "../../db/generated/client";
import { serverEndpoint } from "../../models/server-endpoints";
import { keyFor } from "../../models/key-for-agent";

export interface ClaudeCodeEndpoint {
  baseUrl: string;
  apiKey: string;
  model: string;
}

export function claudeCodeEndpoint(agent: Pick<Agent, "name" | "provider" | "model" | "baseUrl" | "script" | "apiKey">, workspace: Pick<Workspace, "modelSettings">): ClaudeCodeEndpoint {
  const baseUrl = agent.baseUrl ?? serverEndpoint("anthropic").baseUrl;
  const keys = (workspace.modelSettings as { apiKeys?: { anthropic?: string } } | null)?.apiKeys ?? {};
  const apiKey = keyFor({ ...agent, provider: "anthropic" }, baseUrl, keys.anthropic);
  if (!apiKey) throw new Error(`Agent "${agent.name}" has no Anthropic key for ${baseUrl}.`);
  return { baseUrl: baseUrl.replace(/\/v1\/?$/, ""), apiKey, model: agent.model };
}

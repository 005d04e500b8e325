import "server-only";
/**
 * The model an agent runs on. Keys come from the agent, the workspace's
 * settings or the server's environment, never from the browser; the scripted
 * model needs none.
 *
 * H4: the server's OPENAI_API_KEY / ANTHROPIC_API_KEY go only to the endpoint
 * the operator configured them for (OPENAI_BASE_URL / ANTHROPIC_BASE_URL). An
 * agent naming any other base URL uses its own key or the workspace's; without
 * one, an OpenAI-compatible request carries no key (local servers need none)
 * and an Anthropic run stops before any request, saying why.
 */
import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { Agent, Workspace } from "../db/generated/client";
import { modelConfig } from "../models/config";
import { createModel } from "../models/create-model";
import { sameEndpoint, serverEndpoint, type KeyedProvider } from "../models/server-endpoints";
import { createOfflineReviewModel, OFFLINE_REVIEWER_MODEL } from "../reviews/offline-review-model";

interface KeySettings {
  apiKeys?: { openai_compatible?: string; anthropic?: string };
}

type AgentModel = Pick<Agent, "name" | "provider" | "model" | "baseUrl" | "script" | "apiKey">;

/** The key sent to the agent's endpoint, or the reason there is none. */
export function keyFor(agent: AgentModel & { provider: KeyedProvider }, baseUrl: string, workspaceKey: string | undefined): string | undefined {
  const own = agent.apiKey ?? workspaceKey;
  if (own) return own;
  const server = serverEndpoint(agent.provider);
  if (sameEndpoint(baseUrl, server.baseUrl)) return server.apiKey;
  if (agent.provider === "anthropic") {
    throw new Error(
      `Agent "${agent.name}" uses the Anthropic endpoint ${baseUrl}, which is not the server's (${server.baseUrl}), and has no API key of its own. ` +
        `The server's ${server.keyName} is sent only to ${server.baseUrl}; add a key to the agent in the workspace settings.`,
    );
  }
  return undefined;
}

export function modelForAgent(agent: AgentModel, workspace: Pick<Workspace, "modelSettings">): LanguageModelV3 {
  // The built-in reviewer is a scripted agent by a reserved model name; it needs no key.
  if (agent.provider === "scripted" && agent.model === OFFLINE_REVIEWER_MODEL) return createOfflineReviewModel();
  if (agent.provider === "scripted") {
    return createModel(modelConfig.parse({ provider: "scripted", model: agent.model, script: agent.script ?? { scenarios: [] } }));
  }
  const keys = (workspace.modelSettings as KeySettings | null)?.apiKeys ?? {};
  const provider: KeyedProvider = agent.provider;
  const baseUrl = agent.baseUrl ?? serverEndpoint(provider).baseUrl;
  const apiKey = keyFor({ ...agent, provider }, baseUrl, keys[provider]);
  return createModel(modelConfig.parse({ provider, model: agent.model, baseUrl, apiKey }));
}

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
import { z } from "zod";
import type { Agent, Workspace } from "../db/generated/client";
import { modelConfig } from "../models/config";
import { createModel } from "../models/create-model";
import { keyFor } from "../models/key-for-agent";
import { serverEndpoint, type KeyedProvider } from "../models/server-endpoints";
import { createOfflineReviewModel, OFFLINE_REVIEWER_MODEL } from "../reviews/offline/offline-review-model";

/** `Workspace.modelSettings` as stored: the workspace's provider keys. */
const keySettings = z.object({ apiKeys: z.object({ openai_compatible: z.string().optional(), anthropic: z.string().optional() }).optional() });

type AgentModel = Pick<Agent, "name" | "provider" | "model" | "baseUrl" | "script" | "apiKey">;

export function modelForAgent(agent: AgentModel, workspace: Pick<Workspace, "modelSettings">): LanguageModelV3 {
  // The built-in reviewer is a scripted agent by a reserved model name; it needs no key.
  if (agent.provider === "scripted" && agent.model === OFFLINE_REVIEWER_MODEL) return createOfflineReviewModel();
  if (agent.provider === "scripted") {
    return createModel(modelConfig.parse({ provider: "scripted", model: agent.model, script: agent.script ?? { scenarios: [] } }));
  }
  const settings = keySettings.safeParse(workspace.modelSettings ?? {});
  const keys = (settings.success ? settings.data.apiKeys : undefined) ?? {};
  const provider: KeyedProvider = agent.provider;
  const baseUrl = agent.baseUrl ?? serverEndpoint(provider).baseUrl;
  const apiKey = keyFor({ ...agent, provider }, baseUrl, keys[provider]);
  return createModel(modelConfig.parse({ provider, model: agent.model, baseUrl, apiKey }));
}

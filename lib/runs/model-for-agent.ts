import "server-only";
/**
 * The model an agent runs on. Keys come from the workspace's settings or the
 * server's environment, never from the browser; the scripted model needs none.
 */
import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { Agent, Workspace } from "../db/generated/client";
import { env } from "../config/env";
import { modelConfig } from "../models/config";
import { createModel } from "../models/create-model";
import { createOfflineReviewModel, OFFLINE_REVIEWER_MODEL } from "../reviews/offline-review-model";

interface KeySettings {
  apiKeys?: { openai_compatible?: string; anthropic?: string };
}

export function modelForAgent(agent: Pick<Agent, "provider" | "model" | "baseUrl" | "script">, workspace: Pick<Workspace, "modelSettings">): LanguageModelV3 {
  // Issue 5 §7: the built-in reviewer is a scripted agent by a reserved model name; it needs no key.
  if (agent.provider === "scripted" && agent.model === OFFLINE_REVIEWER_MODEL) return createOfflineReviewModel();
  const keys = (workspace.modelSettings as KeySettings | null)?.apiKeys ?? {};
  const config = modelConfig.parse(
    agent.provider === "scripted"
      ? { provider: "scripted", model: agent.model, script: agent.script ?? { scenarios: [] } }
      : agent.provider === "openai_compatible"
        ? { provider: "openai_compatible", model: agent.model, baseUrl: agent.baseUrl, apiKey: keys.openai_compatible ?? env().OPENAI_API_KEY }
        : { provider: "anthropic", model: agent.model, baseUrl: agent.baseUrl ?? undefined, apiKey: keys.anthropic ?? env().ANTHROPIC_API_KEY },
  );
  return createModel(config);
}

/**
 * Builds a harness around the in-memory store with a scripted model, a real
 * git worktree and the real tool registry, and records what the model was
 * offered in each turn.
 */
import type { LanguageModelV3, LanguageModelV3CallOptions } from "@ai-sdk/provider";
import type { ModelMessage } from "ai";
import { createScriptedModel } from "../models/scripted-model";
import type { Script } from "../models/script";
import type { Mode, Autonomy } from "../modes/types";
import { EMPTY_POLICY, type ModePolicy } from "../modes/declared";
import { resolveMode } from "../modes/resolve-profile";
import { modeColumns } from "../modes/room-mode";
import { noRoomServices, type ToolServices } from "../tools/services";
import { TOOLS } from "../tools/registry";
import { newCheckpoint } from "./lifecycle/checkpoint";
import { builtInEngine } from "./built-in-engine";
import { createMemoryStore } from "./memory-store";
import type { HarnessDeps } from "./lifecycle/turn-engine";
import type { HarnessEvent } from "./types";
import { recordedGit } from "../repos/git.test-support";

export interface Offer {
  tools: string[];
  system: string;
}

/** Wraps a model so a test sees which tools and prompt each turn offered. */
export function recordingModel(inner: LanguageModelV3, offers: Offer[], beforeTurn?: (turn: number) => void | Promise<void>): LanguageModelV3 {
  const capture = async (options: LanguageModelV3CallOptions) => {
    await beforeTurn?.(offers.length);
    const system = options.prompt.find((m) => m.role === "system");
    offers.push({
      tools: (options.tools ?? []).map((t) => t.name).sort(),
      system: system && typeof system.content === "string" ? system.content : "",
    });
  };
  return {
    ...inner,
    specificationVersion: inner.specificationVersion,
    provider: inner.provider,
    modelId: inner.modelId,
    supportedUrls: inner.supportedUrls,
    async doGenerate(options) {
      await capture(options);
      return inner.doGenerate(options);
    },
    async doStream(options) {
      await capture(options);
      return inner.doStream(options);
    },
  };
}

export interface HarnessFixture {
  store: ReturnType<typeof createMemoryStore>;
  deps: HarnessDeps;
  events: HarnessEvent[];
  offers: Offer[];
  /** presence answer for G4 */
  setApproverConnected(value: boolean): void;
  startRun(id: string, message: string, options?: { roomId?: string | null; workspaceId?: string }): void;
}

export function harnessFixture(options: {
  script: Script;
  worktree: string | null;
  mode?: Mode;
  /** X1: a declared mode of `policy` the room is in */
  declaredMode?: string;
  policy?: ModePolicy;
  autonomy?: Autonomy;
  planShell?: boolean;
  services?: ToolServices;
  beforeTurn?: (turn: number, store: ReturnType<typeof createMemoryStore>) => void | Promise<void>;
  maxSteps?: number;
}): HarnessFixture {
  const store = createMemoryStore();
  const policy = options.policy ?? EMPTY_POLICY;
  // G8: a room in a declared mode holds its own record of it, as the transition writes it.
  const declared = options.declaredMode ? resolveMode(policy, options.declaredMode) : null;
  if (options.declaredMode && !declared) throw new Error(`the policy declares no enabled mode "${options.declaredMode}"`);
  store.rooms.set("room-1", {
    id: "room-1",
    workspaceId: "ws-1",
    ...(declared ? modeColumns(declared) : { mode: options.mode ?? "chat", modeDeclaration: null }),
    policy,
    autonomy: options.autonomy ?? "auto",
    planShell: options.planShell ?? false,
    worktreePath: options.worktree,
    git: recordedGit(options.worktree),
  });
  const events: HarnessEvent[] = [];
  const offers: Offer[] = [];
  let approverConnected = true;
  const model = recordingModel(createScriptedModel(options.script), offers, (turn) => options.beforeTurn?.(turn, store));
  const deps: HarnessDeps = {
    store,
    rooms: store.roomReader,
    events: { emit: (event) => void events.push(event) },
    presence: { anyConnected: async () => approverConnected },
    tools: TOOLS,
    limits: { maxSteps: options.maxSteps ?? 12 },
    async environment() {
      return { engine: builtInEngine(model, store), agentPrompt: "You are a test agent.", agentAllowlist: null, services: options.services ?? noRoomServices };
    },
  };
  return {
    store,
    deps,
    events,
    offers,
    setApproverConnected: (value) => void (approverConnected = value),
    startRun(id, message, runOptions) {
      const messages: ModelMessage[] = [{ role: "user", content: message }];
      store.addRun({
        id,
        workspaceId: runOptions?.workspaceId ?? "ws-1",
        roomId: runOptions?.roomId === undefined ? "room-1" : runOptions.roomId,
        agentId: null,
        checkpoint: newCheckpoint(messages),
      });
    },
  };
}

/**
 * T5: what a transport adds to the one run lifecycle — a turn engine. The
 * lifecycle (advance-run.ts) owns everything around a turn: the claim, the
 * checkpoint, the mode resolved at every turn, the fingerprint, the budget
 * check before the turn's first model call, parking, finishing and the
 * run-settled hooks. An engine takes one turn inside that: the built-in
 * harness one model call (built-in-engine.ts), the Claude Code CLI one
 * session (lib/transports/claude-code). An engine that calls the model more
 * than once per turn asks `beforeModelCall` before each further call, and
 * every call it runs itself passes `gateCall` first, so the mode is re-checked
 * at every call and every call is recorded under the capability it was
 * decided in.
 */
import type { ResolvedTurn } from "../../dispatch/resolve-mode";
import type { Surface } from "../../modes/surface";
import type { ToolDefinition } from "../../tools/types";
import type { RoomReader } from "../../dispatch/resolve-mode";
import type { ToolServices } from "../../tools/services";
import type { ApproverPresence, EventSink, HarnessLimits, HarnessStore, RunRecord, RunStatus } from "../types";
import type { PendingCall, RunCheckpoint } from "./checkpoint";

/** One call an engine is about to run itself (the CLI's own tools). */
export interface EngineCall {
  callId: string;
  /** the tool's name as the engine knows it (recorded on the call: "Read", "Bash") */
  tool: string;
  /** the surface tool it stands for, whose guard decides (null: it has none, T3) */
  surfaceTool: string | null;
  input: unknown;
  /**
   * G4: the call as its surface tool would make it, so a call that must wait for
   * a person can be run by Gatehouse itself once allowed; null when it cannot be
   * expressed that way (then it cannot wait, and is refused).
   */
  counterpart: { toolName: string; input: unknown } | null;
  /** a refusal the engine already knows (a path outside the worktree, H2; a tool never loaded, T3/T4) */
  refusal?: { rule: string; reason: string };
}

export type GateVerdict =
  /** run it (the engine reports the result with `callFinished`) */
  | { verdict: "allow"; rule: string; reason: string }
  | { verdict: "deny"; rule: string; reason: string }
  /** T5: the room's capability changed since the turn began; end the session, the next turn starts under the new one */
  | { verdict: "restart"; reason: string }
  /** G4: a person must decide; end the session, the run parks on `checkpoint.pending` */
  | { verdict: "park"; reason: string };

export interface TurnContext {
  run: RunRecord;
  env: RunEnvironment;
  checkpoint: RunCheckpoint;
  /** the room's mode as this turn resolved it (S4) */
  turn: ResolvedTurn;
  surface: Surface;
  /** G7: the capability this turn runs under */
  fingerprint: string;
  tools: readonly ToolDefinition[];
  limits: HarnessLimits;
  events: EventSink;
  signal?: AbortSignal;
  /** O6, T5: asked before every model call after the turn's first; a reason means: stop, the run waits */
  beforeModelCall(): Promise<string | null>;
  /** O6: one model call's tokens, counted on the run (and its parents, A6) */
  recordUsage(usage: { inputTokens?: number; outputTokens?: number }): Promise<void>;
  /** T5, S4, G7, M8: the mode as it is now decides the call, which is recorded with its fingerprint */
  gateCall(call: EngineCall): Promise<GateVerdict>;
  /** the result of a call the engine ran itself after `allow` */
  callFinished(callId: string, result: { output: unknown; isError: boolean }): Promise<void>;
}

export type TurnOutcome =
  /** the model asked for these calls; the lifecycle gates and runs them (the built-in harness) */
  | { kind: "calls"; calls: PendingCall[]; overflow: PendingCall[] }
  /** take another turn (P4's nudge; a CLI session that ended for a mode change) */
  | { kind: "continue" }
  | { kind: "finished"; status: "succeeded" | "failed"; outcome: string | null; error?: string }
  /** park the run: calls wait for a person on `checkpoint.pending`, or the budget holds */
  | { kind: "waiting"; reason?: string };

export interface TurnEngine {
  /** G7: part of the capability fingerprint ("harness", "claude-code") */
  transport: string;
  turn(ctx: TurnContext): Promise<TurnOutcome>;
  /**
   * A5: a run another worker held when it died. Null resumes it from the
   * checkpoint; a reason fails it (a CLI session cannot be replayed without
   * running its calls twice).
   */
  takeOver?(checkpoint: RunCheckpoint): string | null;
}

/** What a run is given to take its turns with (bound to its agent and room). */
export interface RunEnvironment {
  /** T5: what takes the run's turns (the built-in harness's model loop, or an agent CLI); the lifecycle around it is the same */
  engine: TurnEngine;
  /** the agent's name (traces: gen_ai.agent.name) */
  agentName?: string;
  /** the agent's own system prompt, before the capability block */
  agentPrompt: string;
  agentAllowlist: readonly string[] | null;
  services: ToolServices;
  /** O6: asked before every model call; a reason parks the run (waiting) until a person lifts the hold */
  beforeModelCall?(): Promise<string | null>;
  /** O6: the tokens one turn used, as the provider reported them */
  recordUsage?(usage: { inputTokens?: number; outputTokens?: number }): Promise<void>;
}

/** What the lifecycle needs from persistence, people and the run's agent. */
export interface HarnessDeps {
  store: HarnessStore;
  rooms: RoomReader;
  events: EventSink;
  presence: ApproverPresence;
  tools: readonly ToolDefinition[];
  /** model, prompt and services for a run (bound to its agent and room) */
  environment(run: RunRecord): Promise<RunEnvironment>;
  limits?: Partial<HarnessLimits>;
  /** aborts tool work and model calls when the process is shutting down */
  signal?: AbortSignal;
  /**
   * T5: the run-settled hooks, after an advance that leaves the run ended (a
   * sub-agent answers its parent, A6; a ticket's pipeline moves on, P3, O7).
   * Idempotent: they also run when a repeated job finds the run already ended.
   */
  settled?(runId: string, status: RunStatus): Promise<void>;
}

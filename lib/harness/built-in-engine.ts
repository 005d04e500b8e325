/**
 * T1: the built-in harness's turn engine. One turn is one model call with
 * exactly the surface's tools; the calls the model asks for go back to the
 * lifecycle, which gates and runs them. The completion contract (P4) lives
 * here, because only this engine sees a turn end without a call: its one
 * nudge, and the outcome (A4) when the run ends.
 */
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { promptBlock } from "../modes/prompt";
import { streamTurn } from "../models/stream-turn";
import { withSpan } from "../telemetry/context";
import type { TodoItem } from "../rooms/replace-todos";
import { completionHook } from "./completion";
import type { TurnContext, TurnEngine, TurnOutcome } from "./lifecycle/turn-engine";
import type { HarnessStore } from "./types";

export function builtInEngine(model: LanguageModelV3, store: Pick<HarnessStore, "todos">): TurnEngine {
  return {
    transport: "harness",
    async turn(ctx: TurnContext): Promise<TurnOutcome> {
      const { run, checkpoint, surface, turn } = ctx;
      // The turn-start room read (S4) already carries the task list: no second statement for it.
      const todos = turn.room ? (turn.room.todos ?? (await store.todos(run.workspaceId, turn.room.id))) : [];
      // Traces: one "chat {model}" span per model call, with the tokens the provider reported (GenAI conventions).
      const chat = { "gen_ai.operation.name": "chat", "gen_ai.request.model": model.modelId, "gen_ai.provider.name": model.provider };
      const result = await withSpan(`chat ${model.modelId}`, chat, async (span) => {
        const turned = await streamTurn({
          model,
          system: [ctx.env.agentPrompt, promptBlock(surface), todoBlock(todos)].filter(Boolean).join("\n\n"),
          messages: checkpoint.messages,
          tools: Object.fromEntries(
            surface.tools.map(({ spec }) => {
              const tool = ctx.tools.find((t) => t.name === spec.name)!;
              return [spec.name, { description: spec.description, inputSchema: tool.input }];
            }),
          ),
          onTextDelta: (delta) => void ctx.events.emit({ type: "text.delta", runId: run.id, delta }),
          signal: ctx.signal,
        });
        span?.setAttributes({
          ...(turned.usage?.inputTokens !== undefined ? { "gen_ai.usage.input_tokens": turned.usage.inputTokens } : {}),
          ...(turned.usage?.outputTokens !== undefined ? { "gen_ai.usage.output_tokens": turned.usage.outputTokens } : {}),
          ...(turned.finishReason ? { "gen_ai.response.finish_reasons": [String(turned.finishReason)] } : {}),
        });
        return turned;
      });
      if (result.usage) await ctx.recordUsage(result.usage);
      checkpoint.messages.push(...result.responseMessages);
      checkpoint.step += 1;
      checkpoint.lastText = result.text;
      if (result.text) await ctx.events.emit({ type: "message", runId: run.id, text: result.text });

      if (result.toolCalls.length === 0) {
        const hook = completionHook(surface.profile.completion);
        if (hook && !checkpoint.delivered && !checkpoint.nudged) {
          // P4: exactly one nudge, which also permits the honest "no plan is needed here".
          checkpoint.messages.push({ role: "user", content: hook.nudge });
          checkpoint.nudged = true;
          await ctx.events.emit({ type: "run.nudged", runId: run.id });
          return { kind: "continue" };
        }
        return { kind: "finished", status: "succeeded", outcome: hook ? hook.outcome({ ...checkpoint }) : null };
      }
      return { kind: "calls", calls: result.toolCalls.slice(0, ctx.limits.maxCallsPerStep), overflow: result.toolCalls.slice(ctx.limits.maxCallsPerStep) };
    },
  };
}

/** A1: the task list is shown to the agent before each step. */
function todoBlock(todos: TodoItem[]): string {
  if (todos.length === 0) return "";
  const mark = { pending: "[ ]", in_progress: "[~]", completed: "[x]" } as const;
  return ["## Your task list", ...todos.map((t) => `${mark[t.status]} ${t.content}`)].join("\n");
}

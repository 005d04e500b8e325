/**
 * A deterministic LanguageModelV3 that plays back a script: the embedded
 * default for the demo and for tests, needing no network and no API key.
 */
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from "@ai-sdk/provider";
import { chunkWords, estimateTokens, planTurn, type PlannedTurn } from "./script-player";
import { scriptSchema, type Script } from "./script";

export { scriptSchema, type Script } from "./script";
export { SCRIPT_FINAL_TEXT } from "./script-player";

export const SCRIPTED_PROVIDER = "gatehouse.scripted";

const TEXT_ID = "text-0";

function finishReasonOf(turn: PlannedTurn): LanguageModelV3FinishReason {
  return turn.toolCalls.length > 0 ? { unified: "tool-calls", raw: "tool_calls" } : { unified: "stop", raw: "stop" };
}

function usageOf(options: LanguageModelV3CallOptions, turn: PlannedTurn): LanguageModelV3Usage {
  const input = estimateTokens(JSON.stringify(options.prompt).length);
  const outputChars = turn.text.length + turn.toolCalls.reduce((n, c) => n + c.toolName.length + c.input.length, 0);
  const output = estimateTokens(outputChars);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

async function* streamParts(
  turn: PlannedTurn,
  usage: LanguageModelV3Usage,
  modelId: string,
  delayMs: number,
  signal: AbortSignal | undefined,
): AsyncGenerator<LanguageModelV3StreamPart> {
  yield { type: "stream-start", warnings: [] };
  yield { type: "response-metadata", modelId };
  const pieces = chunkWords(turn.text);
  if (pieces.length > 0) {
    yield { type: "text-start", id: TEXT_ID };
    for (const delta of pieces) {
      if (delayMs > 0) await sleep(delayMs, signal);
      signal?.throwIfAborted();
      yield { type: "text-delta", id: TEXT_ID, delta };
    }
    yield { type: "text-end", id: TEXT_ID };
  }
  for (const call of turn.toolCalls) {
    if (delayMs > 0) await sleep(delayMs, signal);
    signal?.throwIfAborted();
    // Same sequence a real provider emits, so consumers of partial input see it too.
    yield { type: "tool-input-start", id: call.toolCallId, toolName: call.toolName };
    yield { type: "tool-input-delta", id: call.toolCallId, delta: call.input };
    yield { type: "tool-input-end", id: call.toolCallId };
    yield { type: "tool-call", toolCallId: call.toolCallId, toolName: call.toolName, input: call.input };
  }
  yield { type: "finish", finishReason: finishReasonOf(turn), usage };
}

function toReadableStream<T>(source: AsyncGenerator<T>): ReadableStream<T> {
  return new ReadableStream<T>({
    async pull(controller) {
      try {
        const next = await source.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await source.return(undefined);
    },
  });
}

export class ScriptedLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = "v3" as const;
  readonly provider = SCRIPTED_PROVIDER;
  readonly supportedUrls: Record<string, RegExp[]> = {};
  readonly modelId: string;
  private readonly script: Script;

  constructor(script: Script, modelId = "scripted") {
    // Parse here too so a script built in code gets the same checks as one from config.
    this.script = scriptSchema.parse(script);
    this.modelId = modelId;
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    options.abortSignal?.throwIfAborted();
    const turn = planTurn(this.script, options.prompt);
    const content: LanguageModelV3Content[] = [];
    if (turn.text.length > 0) content.push({ type: "text", text: turn.text });
    for (const call of turn.toolCalls) content.push({ type: "tool-call", ...call });
    return {
      content,
      finishReason: finishReasonOf(turn),
      usage: usageOf(options, turn),
      response: { modelId: this.modelId },
      warnings: [],
    };
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    options.abortSignal?.throwIfAborted();
    const turn = planTurn(this.script, options.prompt);
    const parts = streamParts(
      turn,
      usageOf(options, turn),
      this.modelId,
      this.script.chunkDelayMs ?? 0,
      options.abortSignal,
    );
    return { stream: toReadableStream(parts) };
  }
}

export function createScriptedModel(script: Script, modelId?: string): LanguageModelV3 {
  return new ScriptedLanguageModel(script, modelId);
}

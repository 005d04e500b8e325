/**
 * One model turn for the harness: offer only the surface's tools, stream the
 * text, and return the tool calls — checked, never executed (the harness
 * gates and executes them itself).
 *
 * It drives the provider's own LanguageModelV3 (the AI SDK's OpenAI-compatible
 * and Anthropic clients, or the scripted model) directly, with the SDK's retry
 * policy and schema conversion. ai's streamText adds a multi-step
 * orchestration layer the harness does not use, and it cost ~5 ms of CPU per
 * turn — more than the whole budget for harness overhead per tool call.
 */
import type { LanguageModelV3, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { APICallError } from "@ai-sdk/provider";
import { retryWithExponentialBackoff } from "@ai-sdk/provider-utils";
import { RetryError, type AssistantModelMessage, type ModelMessage } from "ai";
import { checkToolCall, type OfferedTool } from "./invalid-call";
import { toModelProviderError } from "./provider-error";
import { providerPrompt, providerTools } from "./provider-prompt";

export { toolResultMessage, type ToolResultInput } from "./tool-result-message";
export type { OfferedTool } from "./invalid-call";

export interface StreamTurnInput {
  model: LanguageModelV3;
  system: string;
  messages: ModelMessage[];
  /** ONLY the tools on the mode's surface (T1): anything else the model names comes back invalid */
  tools: Record<string, OfferedTool>;
  onTextDelta?: (delta: string) => void;
  signal?: AbortSignal;
  /** retries of retryable provider failures (429, 5xx, unreachable); the AI SDK's default is 2 */
  maxRetries?: number;
}

export interface TurnToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
  /** set when the call must not run: unknown tool, unparsable or schema-violating arguments */
  invalidReason?: string;
}

export interface TurnUsage {
  inputTokens?: number;
  outputTokens?: number;
}

export interface StreamTurnResult {
  text: string;
  toolCalls: TurnToolCall[];
  /** "stop" | "tool-calls" | "length" | "content-filter" | "error" | "other" */
  finishReason: string;
  usage?: TurnUsage;
  /** the assistant message(s) to append to the transcript */
  responseMessages: ModelMessage[];
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The model turn was aborted.", "AbortError");
}

/** The SDK's policy: retry retryable API failures with exponential backoff, honouring retry-after headers. */
function retryDelay({ error, exponentialBackoffDelay }: { error: unknown; exponentialBackoffDelay: number }): number {
  const headers = APICallError.isInstance(error) ? error.responseHeaders : undefined;
  const afterMs = headers?.["retry-after-ms"] ? Number.parseFloat(headers["retry-after-ms"]) : undefined;
  const after = headers?.["retry-after"] ? Number.parseFloat(headers["retry-after"]) * 1000 : undefined;
  const ms = afterMs ?? after;
  return ms !== undefined && Number.isFinite(ms) && ms >= 0 && (ms < 60_000 || ms < exponentialBackoffDelay) ? ms : exponentialBackoffDelay;
}

export async function streamTurn(input: StreamTurnInput): Promise<StreamTurnResult> {
  const { model, tools, signal } = input;
  const offered = await providerTools(tools);
  const retry = retryWithExponentialBackoff({
    maxRetries: input.maxRetries ?? 2,
    initialDelayInMs: 2_000,
    backoffFactor: 2,
    abortSignal: signal,
    shouldRetry: async (error) => APICallError.isInstance(error) && error.isRetryable,
    getDelayInMs: retryDelay,
    createRetryError: (args) => new RetryError(args),
  });

  let stream: ReadableStream<LanguageModelV3StreamPart>;
  try {
    ({ stream } = await retry(() =>
      model.doStream({
        prompt: providerPrompt(input.system, input.messages),
        // Some OpenAI-compatible servers reject an empty `tools` array; offer none instead.
        tools: offered.length > 0 ? offered : undefined,
        abortSignal: signal,
      }),
    ));
  } catch (error) {
    if (signal?.aborted) throw abortError(signal);
    throw toModelProviderError(error, model);
  }

  let text = "";
  const calls: { toolCallId: string; toolName: string; raw: string }[] = [];
  let finishReason = "other";
  let usage: TurnUsage | undefined;
  let providerError: unknown;
  const reader = stream.getReader();
  try {
    for (;;) {
      if (signal?.aborted) throw abortError(signal);
      const { value: part, done } = await reader.read();
      if (done) break;
      switch (part.type) {
        case "text-delta":
          text += part.delta;
          input.onTextDelta?.(part.delta);
          break;
        case "tool-call":
          calls.push({ toolCallId: part.toolCallId, toolName: part.toolName, raw: part.input });
          break;
        case "finish":
          finishReason = part.finishReason.unified;
          usage = { inputTokens: part.usage.inputTokens.total, outputTokens: part.usage.outputTokens.total };
          break;
        case "error":
          providerError ??= part.error;
          break;
        default:
          break;
      }
    }
  } catch (error) {
    if (signal?.aborted) throw abortError(signal);
    throw toModelProviderError(error, model);
  } finally {
    reader.releaseLock();
  }
  if (signal?.aborted) throw abortError(signal);
  if (providerError !== undefined) throw toModelProviderError(providerError, model);

  const toolCalls: TurnToolCall[] = [];
  const content: Exclude<AssistantModelMessage["content"], string> = text ? [{ type: "text", text }] : [];
  for (const call of calls) {
    const checked = await checkToolCall(call.toolName, call.raw, tools);
    toolCalls.push({
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      input: checked.input,
      ...(checked.invalidReason ? { invalidReason: checked.invalidReason } : {}),
    });
    content.push({ type: "tool-call", toolCallId: call.toolCallId, toolName: call.toolName, input: checked.replayInput });
  }
  const responseMessages: ModelMessage[] = content.length > 0 ? [{ role: "assistant", content }] : [];
  return { text, toolCalls, finishReason, usage, responseMessages };
}

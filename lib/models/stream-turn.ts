/**
 * One model turn for the harness: stream the model's answer, hand back its
 * text and tool calls, and never execute anything. Tools are offered without
 * `execute`, so streamText stops after one step and the harness runs (or
 * refuses) each call itself under the mode's rules.
 */
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { streamText, tool, type ModelMessage, type Tool } from "ai";
import { explainInvalidCall, type OfferedTool } from "./invalid-call";
import { toModelProviderError } from "./provider-error";

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

function toToolSet(tools: Record<string, OfferedTool>): Record<string, Tool> {
  const set: Record<string, Tool> = {};
  for (const [name, offered] of Object.entries(tools)) {
    set[name] = tool({ description: offered.description, inputSchema: offered.inputSchema });
  }
  return set;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The model turn was aborted.", "AbortError");
}

export async function streamTurn(input: StreamTurnInput): Promise<StreamTurnResult> {
  const { model, tools, signal } = input;
  const toolSet = toToolSet(tools);
  let providerError: unknown;

  const result = streamText({
    model,
    system: input.system,
    messages: input.messages,
    // Some OpenAI-compatible servers reject an empty `tools` array; offer none instead.
    tools: Object.keys(toolSet).length > 0 ? toolSet : undefined,
    abortSignal: signal,
    maxRetries: input.maxRetries,
    // The default handler console.error()s the raw error; we report it ourselves, scrubbed.
    onError: ({ error }) => {
      providerError ??= error;
    },
  });

  let text = "";
  const toolCalls: TurnToolCall[] = [];
  let finishReason = "other";
  let usage: TurnUsage | undefined;
  let aborted = false;

  for await (const part of result.fullStream) {
    switch (part.type) {
      case "text-delta":
        text += part.text;
        input.onTextDelta?.(part.text);
        break;
      case "tool-call":
        toolCalls.push({
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          input: part.input,
          ...(part.invalid === true
            ? { invalidReason: await explainInvalidCall(part.error, part.toolName, part.input, tools) }
            : {}),
        });
        break;
      case "finish-step":
        finishReason = part.finishReason;
        usage = { inputTokens: part.usage.inputTokens, outputTokens: part.usage.outputTokens };
        break;
      case "error":
        providerError ??= part.error;
        break;
      case "abort":
        aborted = true;
        break;
      default:
        break;
    }
  }

  // An aborted turn is a cancellation, not a provider failure: surface the caller's reason.
  if (signal?.aborted) throw abortError(signal);
  if (aborted) throw new DOMException("The model turn was aborted.", "AbortError");
  if (providerError !== undefined) throw toModelProviderError(providerError, model);

  const response = await result.response;
  // streamText answers invalid calls itself with a tool-role error message; drop it,
  // because the harness answers every call (refusals included) with toolResultMessage.
  const responseMessages = response.messages.filter((message) => message.role === "assistant");
  return { text, toolCalls, finishReason, usage, responseMessages };
}

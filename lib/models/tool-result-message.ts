/**
 * Builds the tool-role message that answers an assistant turn's tool calls,
 * in ai@6's shape: one ToolResultPart per call, `output` a typed
 * ToolResultOutput ({ type: "text" | "json" | "error-text" | "error-json", value }).
 */
import type { JSONValue } from "@ai-sdk/provider";
import type { ToolModelMessage, ToolResultPart } from "ai";

export interface ToolResultInput {
  toolCallId: string;
  toolName: string;
  output: unknown;
  /** the call failed or was refused; the model is told so */
  isError?: boolean;
}

/** Tool outputs must be JSON on the wire; this drops what JSON cannot carry instead of failing later in a provider. */
function toJsonValue(value: unknown): JSONValue {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? null : (JSON.parse(text) as JSONValue);
  } catch {
    return String(value); // circular or BigInt: still tell the model something
  }
}

function outputOf(result: ToolResultInput): ToolResultPart["output"] {
  if (typeof result.output === "string") {
    return { type: result.isError ? "error-text" : "text", value: result.output };
  }
  return { type: result.isError ? "error-json" : "json", value: toJsonValue(result.output) };
}

export function toolResultMessage(results: readonly ToolResultInput[]): ToolModelMessage {
  return {
    role: "tool",
    content: results.map((result) => ({
      type: "tool-result",
      toolCallId: result.toolCallId,
      toolName: result.toolName,
      output: outputOf(result),
    })),
  };
}

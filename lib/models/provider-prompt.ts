/**
 * Converts the harness's transcript (ai@6 ModelMessages, which the harness
 * itself writes: text, tool calls and tool results) into the provider prompt
 * of the LanguageModelV3 interface, and the offered tools into function
 * tools with JSON schemas. The schemas come from the SDK's own zod
 * conversion and are cached per schema object: the same tools are offered on
 * every turn.
 */
import type { LanguageModelV3FunctionTool, LanguageModelV3Message, LanguageModelV3Prompt, LanguageModelV3ToolResultPart } from "@ai-sdk/provider";
import { asSchema } from "@ai-sdk/provider-utils";
import type { ModelMessage } from "ai";
import type { OfferedTool } from "./invalid-call";

type JSONSchema = LanguageModelV3FunctionTool["inputSchema"];
const schemas = new WeakMap<object, Promise<JSONSchema>>();

function jsonSchemaOf(tool: OfferedTool): Promise<JSONSchema> {
  let cached = schemas.get(tool.inputSchema);
  if (!cached) {
    cached = Promise.resolve(asSchema(tool.inputSchema).jsonSchema as JSONSchema | PromiseLike<JSONSchema>);
    schemas.set(tool.inputSchema, cached);
  }
  return cached;
}

export async function providerTools(tools: Readonly<Record<string, OfferedTool>>): Promise<LanguageModelV3FunctionTool[]> {
  return Promise.all(
    Object.entries(tools).map(async ([name, tool]) => ({ type: "function" as const, name, description: tool.description, inputSchema: await jsonSchemaOf(tool) })),
  );
}

function convert(message: ModelMessage): LanguageModelV3Message {
  switch (message.role) {
    case "system":
      return { role: "system", content: message.content };
    case "user":
      return {
        role: "user",
        content:
          typeof message.content === "string"
            ? [{ type: "text", text: message.content }]
            : message.content.map((part) => {
                if (part.type !== "text") throw new Error(`unsupported user content part "${part.type}"`);
                return { type: "text", text: part.text };
              }),
      };
    case "assistant":
      return {
        role: "assistant",
        content:
          typeof message.content === "string"
            ? [{ type: "text", text: message.content }]
            : message.content.map((part) => {
                if (part.type === "text") return { type: "text", text: part.text };
                if (part.type === "tool-call") return { type: "tool-call", toolCallId: part.toolCallId, toolName: part.toolName, input: part.input };
                throw new Error(`unsupported assistant content part "${part.type}"`);
              }),
      };
    case "tool":
      return {
        role: "tool",
        content: message.content.map((part) => {
          if (part.type !== "tool-result") throw new Error(`unsupported tool content part "${part.type}"`);
          // The harness only writes text, json and error outputs, which both interfaces share.
          return { type: "tool-result", toolCallId: part.toolCallId, toolName: part.toolName, output: part.output as LanguageModelV3ToolResultPart["output"] };
        }),
      };
  }
}

export function providerPrompt(system: string, messages: readonly ModelMessage[]): LanguageModelV3Prompt {
  return [{ role: "system", content: system }, ...messages.map(convert)];
}

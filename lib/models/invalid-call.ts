/**
 * Says, in words a model can act on, why a tool call was not accepted.
 *
 * ai@6's streamText does not throw for a bad call: it emits the call with
 * `invalid: true` and the error (NoSuchToolError, or InvalidToolInputError
 * wrapping a JSONParseError or a TypeValidationError). This maps those to a
 * reason; for schema failures it re-validates with the tool's zod schema so
 * the reason names the offending field paths.
 */
import { getErrorMessage } from "@ai-sdk/provider";
import { InvalidToolInputError, JSONParseError, NoSuchToolError } from "ai";
import type { z } from "zod";

export interface OfferedTool {
  description: string;
  inputSchema: z.ZodType;
}

function pathOf(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(input)";
  return path
    .map((key, i) => (typeof key === "number" ? `[${key}]` : `${i === 0 ? "" : "."}${String(key)}`))
    .join("");
}

export function describeZodIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${pathOf(issue.path)}: ${issue.message}`).join("; ");
}

export async function explainInvalidCall(
  error: unknown,
  toolName: string,
  input: unknown,
  tools: Readonly<Record<string, OfferedTool>>,
): Promise<string> {
  const offered = Object.keys(tools);
  const tool = Object.hasOwn(tools, toolName) ? tools[toolName] : undefined;
  if (NoSuchToolError.isInstance(error) || tool === undefined) {
    const list = offered.length > 0 ? offered.join(", ") : "none";
    return `tool "${toolName}" does not exist (tools offered: ${list})`;
  }
  if (InvalidToolInputError.isInstance(error) && JSONParseError.isInstance(error.cause)) {
    return `arguments for "${toolName}" are not valid JSON`;
  }
  const check = await tool.inputSchema.safeParseAsync(input);
  if (!check.success) return `invalid arguments for "${toolName}": ${describeZodIssues(check.error)}`;
  // The SDK rejected input that our schema accepts (e.g. an async refinement); report its words.
  return `invalid arguments for "${toolName}": ${getErrorMessage(error)}`;
}

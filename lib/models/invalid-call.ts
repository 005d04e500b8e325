/**
 * Checks a tool call the model made against the tools it was offered, and
 * says in words a model can act on why a call is not accepted: a tool that
 * does not exist in this mode, arguments that are not JSON, or arguments that
 * fail the tool's schema (naming the offending field paths). A bad call never
 * throws; the harness refuses it by rule (T1).
 */
import { secureJsonParse } from "@ai-sdk/provider-utils";
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

/** A tool call as the model made it, checked against the tools that were offered (T1). */
export interface CheckedCall {
  /** the parsed (and, when valid, schema-normalized) arguments; the raw text when they are not JSON */
  input: unknown;
  /** set when the call must not run: unknown tool, unparsable or schema-violating arguments */
  invalidReason?: string;
  /** what to replay in the transcript: the arguments, or {} when they were not JSON */
  replayInput: unknown;
}

export async function checkToolCall(toolName: string, rawInput: string, tools: Readonly<Record<string, OfferedTool>>): Promise<CheckedCall> {
  let parsed: unknown;
  let json = true;
  try {
    parsed = rawInput.trim() === "" ? {} : secureJsonParse(rawInput);
  } catch {
    json = false;
    parsed = rawInput;
  }
  const tool = Object.hasOwn(tools, toolName) ? tools[toolName] : undefined;
  const replayInput = json ? parsed : {};
  if (!tool) {
    const offered = Object.keys(tools);
    return { input: parsed, replayInput, invalidReason: `tool "${toolName}" does not exist (tools offered: ${offered.length > 0 ? offered.join(", ") : "none"})` };
  }
  if (!json) return { input: parsed, replayInput, invalidReason: `arguments for "${toolName}" are not valid JSON` };
  const check = await tool.inputSchema.safeParseAsync(parsed);
  if (!check.success) return { input: parsed, replayInput, invalidReason: `invalid arguments for "${toolName}": ${describeZodIssues(check.error)}` };
  return { input: check.data, replayInput: check.data };
}

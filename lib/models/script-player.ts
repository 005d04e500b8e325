/**
 * Decides what a scripted model says next, as a pure function of the prompt.
 *
 * Stateless on purpose: a run can be resumed in another process from its
 * persisted transcript, so everything (scenario, step, tool-call ids) must be
 * recomputable from the messages alone.
 */
import type { LanguageModelV3Prompt } from "@ai-sdk/provider";
import type { Script, ScriptStep } from "./script";

/** What the model answers once a scenario has no steps left (or none matched). */
export const SCRIPT_FINAL_TEXT = "Done.";

export interface PlannedToolCall {
  toolCallId: string;
  toolName: string;
  /** JSON text, as LanguageModelV3 tool calls carry it */
  input: string;
}

export interface PlannedTurn {
  text: string;
  toolCalls: PlannedToolCall[];
}

interface PromptPosition {
  /** text of the latest user message ("" when there is none) */
  latestUserText: string;
  /** how many user messages the prompt holds, counting the latest */
  userOrdinal: number;
  /** assistant messages after the latest user message = the step to play */
  stepIndex: number;
  /** tools whose results since the latest user message were errors (refused or failed), in order, once each */
  refused: string[];
}

function locate(prompt: LanguageModelV3Prompt): PromptPosition {
  let latestUser = -1;
  let userOrdinal = 0;
  prompt.forEach((message, index) => {
    if (message.role === "user") {
      latestUser = index;
      userOrdinal += 1;
    }
  });
  const latest = prompt[latestUser];
  const latestUserText =
    latest?.role === "user"
      ? latest.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n")
      : "";
  const since = prompt.slice(latestUser + 1);
  const stepIndex = since.filter((m) => m.role === "assistant").length;
  const refused: string[] = [];
  for (const message of since) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type === "tool-result" && (part.output.type === "error-text" || part.output.type === "error-json") && !refused.includes(part.toolName)) refused.push(part.toolName);
    }
  }
  return { latestUserText, userOrdinal, stepIndex, refused };
}

function pickStep(script: Script, position: PromptPosition): ScriptStep | undefined {
  const scenario = script.scenarios.find(
    (candidate) => candidate.when === undefined || new RegExp(candidate.when, "i").test(position.latestUserText),
  );
  return scenario?.steps[position.stepIndex];
}

export function planTurn(script: Script, prompt: LanguageModelV3Prompt): PlannedTurn {
  const position = locate(prompt);
  const step = pickStep(script, position);
  if (step === undefined) return { text: SCRIPT_FINAL_TEXT, toolCalls: [] };
  const text = position.refused.length > 0 && step.ifRefused !== undefined ? step.ifRefused.replaceAll("{refused}", position.refused.join(", ")) : (step.text ?? "");
  return {
    text,
    toolCalls: (step.toolCalls ?? []).map((call, callIndex) => ({
      // The user ordinal keeps ids unique across a run that spans several user
      // messages (nudges), since ToolCall rows are unique per (run, callId).
      toolCallId: `call_${position.userOrdinal}_${position.stepIndex}_${callIndex}`,
      toolName: call.name,
      input: JSON.stringify(call.args === undefined ? {} : call.args),
    })),
  };
}

/** Word-sized pieces whose concatenation is exactly `text`, so streaming loses nothing. */
export function chunkWords(text: string): string[] {
  return text.length === 0 ? [] : text.split(/(?<=\s)(?=\S)/);
}

/** Rough, deterministic token estimate; the scripted model has no tokenizer. */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

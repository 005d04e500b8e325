/**
 * T5, A5: what a Claude Code session is asked. A fresh run gives the CLI the
 * person's message; a run that goes on after a pause (a person's decision, a
 * budget raised, a mode change) starts a new session told, from the run's own
 * checkpoint, what it did so far and how its last call ended. Pure.
 */
import type { ModelMessage } from "ai";

const MAX_PART_CHARS = 4_000;
const MAX_PROMPT_CHARS = 60_000;

type Part = { type: string; text?: string; toolName?: string; input?: unknown; output?: { type: string; value: unknown } };

function partsOf(message: ModelMessage): Part[] {
  return typeof message.content === "string" ? [{ type: "text", text: message.content }] : (message.content as Part[]);
}

function cut(text: string): string {
  return text.length <= MAX_PART_CHARS ? text : `${text.slice(0, MAX_PART_CHARS)}… [cut]`;
}

function textOf(message: ModelMessage): string {
  return partsOf(message)
    .flatMap((p) => (p.type === "text" && p.text ? [p.text] : []))
    .join("\n");
}

export function lastUserText(messages: readonly ModelMessage[]): string {
  const user = [...messages].reverse().find((m) => m.role === "user");
  return user ? textOf(user) : "";
}

export function continuationPrompt(messages: readonly ModelMessage[], ownFrom: number): string {
  const task = lastUserText(messages.slice(0, ownFrom));
  const lines: string[] = [];
  for (const message of messages.slice(ownFrom)) {
    for (const part of partsOf(message)) {
      if (part.type === "text" && part.text) lines.push(message.role === "assistant" ? `You said: ${cut(part.text)}` : cut(part.text));
      if (part.type === "tool-call") lines.push(`You called ${part.toolName} ${cut(JSON.stringify(part.input ?? {}))}`);
      if (part.type === "tool-result" && part.output) {
        const value = typeof part.output.value === "string" ? part.output.value : JSON.stringify(part.output.value);
        lines.push(`${part.output.type.startsWith("error") ? "It failed or was refused" : "Result"}: ${cut(value)}`);
      }
    }
  }
  let history = lines.join("\n");
  if (history.length > MAX_PROMPT_CHARS) history = `… [earlier steps cut]\n${history.slice(-MAX_PROMPT_CHARS)}`;
  return [
    `Your task: ${task}`,
    "",
    "This is a new session of the same work: it paused (for a person's decision, the budget, or a change of the room's mode) and goes on now. What happened so far:",
    history,
    "",
    "Go on from here. A call that was allowed and ran is done: do not repeat it.",
  ].join("\n");
}

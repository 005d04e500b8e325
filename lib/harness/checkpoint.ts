import type { ModelMessage } from "ai";
import type { RunCheckpoint } from "./types";

/** The checkpoint a new run starts from: the conversation so far, ending with the person's message. */
export function newCheckpoint(messages: ModelMessage[]): RunCheckpoint {
  return { messages, step: 0, nudged: false, delivered: false, pending: null, lastText: "" };
}

import { z } from "zod";
import type { ToolDefinition } from "./types";

/** G2: pinned in every mode, at the read tier, never behind the approval wrapper — it is how a run reaches a person. */
export const askUserTool: ToolDefinition<{ question: string }> = {
  name: "ask_user",
  tier: "read",
  effects: [],
  scope: "meta",
  description:
    "Ask the people in this room a question and wait for their answer. Use it when you need a decision or a fact only they have; the run pauses until someone answers.",
  input: z.strictObject({ question: z.string().trim().min(1).max(2000).describe("The question, self-contained") }),
  async execute({ question }) {
    return { suspend: { kind: "question", prompt: question } };
  },
};

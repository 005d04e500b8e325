import { z } from "zod";
import { todoStatus } from "../rooms/stored-todos";
import type { ToolDefinition } from "./types";

const todoItem = z.strictObject({
  content: z.string().trim().min(1).max(500),
  status: todoStatus,
});

/** A1: the whole list is replaced; at most one item may be in progress. */
export const todoWriteInput = z.strictObject({
  todos: z
    .array(todoItem)
    .max(100)
    .refine((items) => items.filter((t) => t.status === "in_progress").length <= 1, {
      message: "at most one task may be in_progress at a time; mark the others pending or completed",
    }),
});

/** A1, X3: a pinned meta-tool; the list is shown to the agent before each step and to people in the room. */
export const todoWriteTool: ToolDefinition<z.infer<typeof todoWriteInput>> = {
  name: "todo_write",
  tier: "read",
  effects: [],
  scope: "meta",
  description:
    "Replace your task list for this room with the given list (send the whole list every time). At most one task may be in_progress. People in the room see it, and it is shown to you before each step.",
  input: todoWriteInput,
  async execute({ todos }, ctx) {
    await ctx.services.todos.replace(todos);
    const doing = todos.find((t) => t.status === "in_progress");
    return { output: `Task list saved (${todos.length} task${todos.length === 1 ? "" : "s"}${doing ? `; in progress: ${doing.content}` : ""}).` };
  },
};

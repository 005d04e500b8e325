import { z } from "zod";
import type { TodoItem } from "./services";
import type { ToolDefinition } from "./types";

const todoItem = z.strictObject({
  content: z.string().trim().min(1).max(500),
  status: z.enum(["pending", "in_progress", "completed"]),
});

const storedTodos = z.array(z.object({ content: z.string(), status: todoItem.shape.status }));

/** `Room.todos` as stored; a list of a shape this build does not know reads as empty. */
export function readStoredTodos(stored: unknown): TodoItem[] {
  const parsed = storedTodos.safeParse(stored ?? []);
  return parsed.success ? parsed.data : [];
}

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

/** A1: `Room.todos` as todo_write stored it, read back through a schema rather than a cast. */
import { z } from "zod";
import { TODO_STATUSES } from "../events/catalogue";

/** One entry of a room's task list (A1). */
export const todoStatus = z.enum(TODO_STATUSES);
export interface TodoItem {
  content: string;
  status: z.infer<typeof todoStatus>;
}

const storedTodos = z.array(z.object({ content: z.string(), status: todoStatus }));

/** A list of a shape this build does not know reads as empty. */
export function readStoredTodos(stored: unknown): TodoItem[] {
  const parsed = storedTodos.safeParse(stored ?? []);
  return parsed.success ? parsed.data : [];
}

import { describe, expect, it } from "vitest";
import type { TodoItem } from "../rooms/replace-todos";
import type { ToolServices } from "./services";
import { noRoomServices } from "./services";
import { readStoredTodos } from "../rooms/stored-todos";
import { todoWriteInput, todoWriteTool } from "./todo-write";
import type { ToolContext } from "./types";

function context(saved: TodoItem[][]): ToolContext {
  const services: ToolServices = { ...noRoomServices, todos: { replace: async (items) => void saved.push(items) } };
  return { workspaceId: "w", roomId: "r", runId: "run", mode: "plan", worktree: null, git: null, posture: "read-only", services, signal: new AbortController().signal };
}

describe("todo_write", () => {
  it("A1: the whole list is replaced with each call", async () => {
    const saved: TodoItem[][] = [];
    await todoWriteTool.execute({ todos: [{ content: "read", status: "completed" }, { content: "plan", status: "in_progress" }] }, context(saved));
    await todoWriteTool.execute({ todos: [{ content: "plan", status: "completed" }] }, context(saved));
    expect(saved).toEqual([
      [
        { content: "read", status: "completed" },
        { content: "plan", status: "in_progress" },
      ],
      [{ content: "plan", status: "completed" }],
    ]);
  });

  it("A1: at most one task may be in progress, and the refusal says how to fix it", () => {
    const result = todoWriteInput.safeParse({
      todos: [
        { content: "a", status: "in_progress" },
        { content: "b", status: "in_progress" },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/at most one task may be in_progress/);
  });

  it("A1, X3: todo_write is a pinned meta-tool, available in every mode", () => {
    expect(todoWriteTool.scope).toBe("meta");
    expect(todoWriteTool.tier).toBe("read");
  });
});

describe("the stored task list", () => {
  it("A1: a room's stored list reads back as it was written, and a list of an unknown shape reads as empty", () => {
    const list = [{ content: "Read the code", status: "completed" }, { content: "Fix it", status: "in_progress" }];
    expect(readStoredTodos(list)).toEqual(list);
    expect(readStoredTodos(null)).toEqual([]);
    expect(readStoredTodos([{ content: "x", status: "blocked" }])).toEqual([]);
    expect(readStoredTodos({ todos: list })).toEqual([]);
  });
});

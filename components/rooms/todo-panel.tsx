import { cx } from "@/components/ui/cx";
import type { RoomInfo } from "./room-types";

const MARK: Record<string, { icon: string; label: string; className: string }> = {
  completed: { icon: "✓", label: "done", className: "text-emerald-600 dark:text-emerald-400" },
  in_progress: { icon: "▸", label: "in progress", className: "text-indigo-600 dark:text-indigo-400" },
  pending: { icon: "○", label: "to do", className: "text-zinc-500 dark:text-zinc-400" },
};

/** A1: the room's task list, replaced whole by the agent's todo_write and shown live. */
export function TodoPanel({ todos }: Readonly<{ todos: RoomInfo["todos"] }>) {
  const done = todos.filter((t) => t.status === "completed").length;
  return (
    <section data-testid="todo-panel" aria-labelledby="todo-title" className="rounded-lg border border-zinc-200 bg-white px-4 py-3 dark:border-zinc-800 dark:bg-zinc-900">
      <h2 id="todo-title" className="flex items-center justify-between text-sm font-semibold">
        Task list
        {todos.length ? (
          <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400">
            {done} of {todos.length} done
          </span>
        ) : null}
      </h2>
      {todos.length === 0 ? (
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">The agent keeps its task list here when it makes one.</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm">
          {todos.map((todo, i) => {
            const mark = MARK[todo.status] ?? MARK.pending!;
            return (
              <li key={i} data-testid="todo-item" data-status={todo.status} className="flex gap-2">
                <span aria-hidden="true" className={cx("w-4 shrink-0 text-center", mark.className)}>
                  {mark.icon}
                </span>
                <span className={cx(todo.status === "completed" && "text-zinc-500 line-through dark:text-zinc-400", todo.status === "in_progress" && "font-medium")}>
                  {todo.content}
                  <span className="sr-only"> ({mark.label})</span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

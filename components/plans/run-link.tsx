"use client";
/** Jumps to a ticket's run in the conversation beside Plan Studio (runs are rendered with data-run-id). */
export function RunLink({ runId, label = "Show run" }: Readonly<{ runId: string; label?: string }>) {
  return (
    <a
      href={`#run-${runId}`}
      data-testid="ticket-run-link"
      onClick={(event) => {
        const target = document.querySelector<HTMLElement>(`[data-run-id="${CSS.escape(runId)}"]`);
        if (!target) return;
        event.preventDefault();
        target.scrollIntoView({ behavior: "smooth", block: "start" });
        target.querySelector<HTMLElement>("article")?.focus({ preventScroll: true });
      }}
      className="text-xs font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
    >
      {label}
    </a>
  );
}

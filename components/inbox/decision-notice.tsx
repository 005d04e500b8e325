"use client";
/**
 * The outcome of a decision, shown where it survives the row it came from: a
 * decided approval leaves the pending list at once, so a success or a
 * conflict ("already decided by someone else") is announced here instead.
 */
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { cx } from "@/components/ui/cx";

interface Notice {
  text: string;
  error: boolean;
}

const NoticeContext = createContext<((notice: Notice) => void) | null>(null);

export function DecisionNoticeProvider({ children }: Readonly<{ children: ReactNode }>) {
  const [notice, setNotice] = useState<(Notice & { at: number }) | null>(null);
  const show = useCallback((next: Notice) => setNotice({ ...next, at: Date.now() }), []);

  useEffect(() => {
    if (!notice || notice.error) return;
    const timer = setTimeout(() => setNotice(null), 5_000);
    return () => clearTimeout(timer);
  }, [notice]);

  return (
    <NoticeContext.Provider value={show}>
      {children}
      <div aria-live="polite" className="pointer-events-none fixed right-4 bottom-4 z-40 flex max-w-sm flex-col items-end">
        {notice ? (
          <div
            key={notice.at}
            role={notice.error ? "alert" : "status"}
            data-testid="decision-notice"
            className={cx(
              "pointer-events-auto flex items-start gap-3 rounded-lg px-4 py-3 text-sm shadow-lg ring-1",
              notice.error
                ? "bg-red-50 text-red-800 ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-800"
                : "bg-white text-zinc-800 ring-zinc-200 dark:bg-zinc-900 dark:text-zinc-100 dark:ring-zinc-700",
            )}
          >
            <span className="flex-1">{notice.text}</span>
            <button type="button" onClick={() => setNotice(null)} aria-label="Dismiss" className="rounded px-1 text-zinc-500 dark:text-zinc-400 hover:text-zinc-900 dark:hover:text-zinc-100">
              ✕
            </button>
          </div>
        ) : null}
      </div>
    </NoticeContext.Provider>
  );
}

/** Announces a decision's outcome, if a provider is mounted. */
export function useDecisionNotice(): (notice: Notice) => void {
  return useContext(NoticeContext) ?? noop;
}

function noop() {}

"use client";
/**
 * R5: a failed axis's log beside its one-line summary — loaded when asked
 * for, the kept end of what it printed (or what a GitHub check said), scrubbed
 * of credentials on the server, in a bounded scrolling box.
 */
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { AxisLogView } from "@/lib/reviews/get-axis-log";
import { fetchJson } from "@/components/ui/fetch-json";
import { workspaceApi } from "@/components/workspaces/keys";

export function AxisLog({ slug, pullId, headSha, axis, source }: Readonly<{ slug: string; pullId: string; headSha: string; axis: string; source: string }>) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const log = useQuery({
    queryKey: ["axis-log", slug, pullId, headSha, axis, source],
    queryFn: () =>
      fetchJson<AxisLogView>(`${workspaceApi(slug)}/pulls/${encodeURIComponent(pullId)}/axes/log?${new URLSearchParams({ axis, head: headSha, source })}`),
    enabled: open,
    staleTime: Infinity,
  });
  return (
    <div className="mt-1">
      <button
        type="button"
        data-testid="axis-log-toggle"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
        className="rounded text-xs font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
      >
        {open ? "Hide log" : source === "check_run" ? "Show what the check said" : "Show log"}
      </button>
      {open ? (
        <div id={id} className="mt-1">
          {log.isPending ? <p className="text-xs text-zinc-600 dark:text-zinc-400">Loading the log…</p> : null}
          {log.error ? <p className="text-xs text-red-700 dark:text-red-400">{log.error.message}</p> : null}
          {log.data ? (
            log.data.log ? (
              <pre
                data-testid="axis-log"
                tabIndex={0}
                aria-label={`Log of ${axis}`}
                className="max-h-80 overflow-auto rounded border border-zinc-200 bg-zinc-50 p-2 font-mono text-[11px] leading-snug whitespace-pre-wrap text-zinc-800 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-200"
              >
                {log.data.log}
              </pre>
            ) : (
              <p className="text-xs text-zinc-600 dark:text-zinc-400">Nothing was kept of its output: it printed nothing, or it ran before Gatehouse kept logs.</p>
            )
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

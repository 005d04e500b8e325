"use client";
/** A finding's history, read when a person opens it: every move it made, by whom and when (R3, R10). */
import { Spinner } from "@/components/ui/spinner";
import { parseFindingHistoryRow } from "@/lib/reviews/finding-history-catalogue";
import type { FindingEventView } from "@/components/pulls/pull-types";
import { errorMessage } from "./fetch-review";
import { useFindingHistory } from "./finding-hooks";
import { anchorLabel, formatDateTime, shortSha } from "./format";
import { useReview } from "./review-context";

type Anchor = { file: string | null; startLine: number | null; endLine: number | null };

function place(p: Anchor | undefined): string | null {
  if (!p?.file || !p.startLine) return null;
  return anchorLabel({ file: p.file, startLine: p.startLine, endLine: p.endLine ?? p.startLine });
}

/** R3: "1 of 2 confirmations", from a confirmation event's counts. */
function needed(data: { confirmations: number; required: number }): string {
  return `${data.confirmations} of ${data.required} confirmation${data.required === 1 ? "" : "s"}`;
}

/**
 * One event in words. The row is read with the finding history catalogue; a
 * type this build does not know (an older or newer server's) is shown as it is.
 */
export function describeEvent(event: FindingEventView): string {
  const who = event.actorName ?? (event.actor === "platform" ? "Gatehouse" : "Someone");
  const row = parseFindingHistoryRow(event);
  if (!row.known) return `${who}: ${event.type}`;
  const reason = "reason" in row.data ? row.data.reason : undefined;
  const because = reason ? `: “${reason}”` : "";
  switch (row.type) {
    case "created":
      return `${who} raised it${row.data.headSha ? ` at ${shortSha(row.data.headSha)}` : ""}`;
    case "confirmed":
      return `${who} confirmed it (${needed(row.data)})`;
    case "consensus":
      return row.data.reason ? `Consensus reached: the required confirmations changed (${needed(row.data)})` : `${who} confirmed it: consensus reached (${needed(row.data)})`;
    case "consensus_lost":
      return `Open again: the required confirmations changed (${needed(row.data)})`;
    case "fix_started":
      return `${who} asked ${row.data.agent || "an agent"} to fix it in a room of its own`;
    case "suggestion_applied":
      return `${who} applied its suggestion as ${shortSha(row.data.commit)}`;
    case "resolved":
      return row.data.byPush ? `Resolved by push ${shortSha(row.data.byPush)}: the reviewer no longer raises it` : `${who} resolved it${because}`;
    case "confirmation_withdrawn":
      return `${who} withdrew their confirmation${row.data.consensusLost ? ": open again" : ""}`;
    case "dismissed": {
      const scope = row.data.scope === "rule_in_path" ? ` (this rule in ${row.data.path || "the whole repository"})` : "";
      const until = row.data.expiresAt ? ` until ${formatDateTime(row.data.expiresAt)}` : "";
      return `${who} dismissed it${scope}${until}${because}`;
    }
    case "reopened":
      return `${who} reopened it${because}`;
    case "remapped": {
      const from = place(row.data.from);
      const to = place(row.data.to);
      return `A push moved it${from && to ? ` from ${from} to ${to}` : ""} (${shortSha(row.data.fromSha)} → ${shortSha(row.data.toSha)})`;
    }
    case "outdated":
      return `A push changed its lines${place(row.data.from) ? ` (${place(row.data.from)})` : ""}: outdated${because}`;
    case "raised_again":
      return row.data.suppressed ? `${who} raised it again; not reopened (it was dismissed)` : `${who} raised it again${row.data.headSha ? ` at ${shortSha(row.data.headSha)}` : ""}`;
  }
}

export function FindingHistory({ findingId }: Readonly<{ findingId: string }>) {
  const { slug, pullId } = useReview();
  const history = useFindingHistory(slug, pullId, findingId, true);
  if (history.isPending) return <Spinner label="Loading the finding's history" className="text-zinc-500 dark:text-zinc-400" />;
  if (history.isError) return <p className="text-xs text-red-700 dark:text-red-300">{errorMessage(history.error)}</p>;
  return (
    <ol data-testid="finding-history" className="space-y-1 border-l-2 border-zinc-200 pl-3 text-xs dark:border-zinc-700">
      {history.data.events.map((event) => (
        <li key={event.id} data-testid="finding-event" data-type={event.type} className="text-zinc-700 dark:text-zinc-300">
          <span>{describeEvent(event)}</span>{" "}
          <time dateTime={event.createdAt} suppressHydrationWarning className="text-zinc-500 dark:text-zinc-400">
            · {formatDateTime(event.createdAt)}
          </time>
        </li>
      ))}
    </ol>
  );
}

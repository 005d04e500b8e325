"use client";
/** A finding's history, read when a person opens it: every move it made, by whom and when (R3, R10). */
import { Spinner } from "@/components/ui/spinner";
import type { FindingEventView } from "@/components/pulls/pull-types";
import { errorMessage } from "./fetch-review";
import { useFindingHistory } from "./finding-hooks";
import { anchorLabel, formatDateTime, shortSha } from "./format";
import { useReview } from "./review-context";

type Place = { file?: string | null; startLine?: number | null; endLine?: number | null };

function str(data: unknown, key: string): string | null {
  if (!data || typeof data !== "object") return null;
  const v = (data as Record<string, unknown>)[key];
  return typeof v === "string" ? v : null;
}

function place(data: unknown, key: "from" | "to"): string | null {
  if (!data || typeof data !== "object") return null;
  const p = (data as Record<string, unknown>)[key] as Place | undefined;
  if (!p?.file || !p.startLine) return null;
  return anchorLabel({ file: p.file, startLine: p.startLine, endLine: p.endLine ?? p.startLine });
}

/** R3: "1 of 2 confirmations", from a confirmation event's counts. */
function needed(data: unknown): string {
  if (!data || typeof data !== "object") return "";
  const { confirmations, required } = data as Record<string, unknown>;
  return typeof confirmations === "number" && typeof required === "number" ? `${confirmations} of ${required} confirmation${required === 1 ? "" : "s"}` : "";
}

/** One event in words. */
export function describeEvent(event: FindingEventView): string {
  const who = event.actorName ?? (event.actor === "platform" ? "Gatehouse" : "Someone");
  const reason = str(event.data, "reason");
  const because = reason ? `: “${reason}”` : "";
  switch (event.type) {
    case "created":
      return `${who} raised it${str(event.data, "headSha") ? ` at ${shortSha(str(event.data, "headSha"))}` : ""}`;
    case "confirmed":
      return `${who} confirmed it${needed(event.data) ? ` (${needed(event.data)})` : ""}`;
    case "consensus":
      return str(event.data, "reason") ? `Consensus reached: the required confirmations changed (${needed(event.data)})` : `${who} confirmed it: consensus reached${needed(event.data) ? ` (${needed(event.data)})` : ""}`;
    case "consensus_lost":
      return `Open again: the required confirmations changed (${needed(event.data)})`;
    case "fix_started":
      return `${who} asked ${str(event.data, "agent") ?? "an agent"} to fix it in a room of its own`;
    case "resolved":
      return str(event.data, "byPush") ? `Resolved by push ${shortSha(str(event.data, "byPush"))}: the reviewer no longer raises it` : `${who} resolved it${because}`;
    case "confirmation_withdrawn":
      return `${who} withdrew their confirmation${(event.data as { consensusLost?: boolean } | null)?.consensusLost ? ": open again" : ""}`;
    case "dismissed": {
      const scope = str(event.data, "scope") === "rule_in_path" ? ` (this rule in ${str(event.data, "path") || "the whole repository"})` : "";
      const expires = str(event.data, "expiresAt");
      const until = expires ? ` until ${formatDateTime(expires)}` : "";
      return `${who} dismissed it${scope}${until}${because}`;
    }
    case "reopened":
      return `${who} reopened it${because}`;
    case "remapped": {
      const from = place(event.data, "from");
      const to = place(event.data, "to");
      return `A push moved it${from && to ? ` from ${from} to ${to}` : ""} (${shortSha(str(event.data, "fromSha"))} → ${shortSha(str(event.data, "toSha"))})`;
    }
    case "outdated":
      return `A push changed its lines${place(event.data, "from") ? ` (${place(event.data, "from")})` : ""}: outdated${because}`;
    case "raised_again": {
      const suppressed = event.data && typeof event.data === "object" && (event.data as Record<string, unknown>).suppressed === true;
      return suppressed ? `${who} raised it again; not reopened (it was dismissed)` : `${who} raised it again${str(event.data, "headSha") ? ` at ${shortSha(str(event.data, "headSha"))}` : ""}`;
    }
    default:
      return `${who}: ${event.type}`;
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

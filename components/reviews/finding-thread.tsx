"use client";
/**
 * R10: a finding's discussion thread under its card: the replies, oldest
 * first, in sanitized Markdown, and — for people who may post — a reply box
 * (Ctrl/⌘+Enter sends). Viewers read. New replies from others arrive live.
 */
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { Markdown } from "@/components/ui/markdown";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "./fetch-review";
import { useFindingReplies, useReplyToFinding } from "./finding-thread-hooks";
import { formatDateTime, timeAgo } from "./format";
import { useReview } from "./review-context";

export function FindingThread({ findingId }: Readonly<{ findingId: string }>) {
  const { slug, pullId, canWrite } = useReview();
  const replies = useFindingReplies(slug, pullId, findingId, true);
  const reply = useReplyToFinding(slug, pullId, findingId);
  const [draft, setDraft] = useState("");
  const boxId = useId();
  const send = () => {
    if (!draft.trim() || reply.isPending) return;
    reply.mutate(draft, { onSuccess: () => setDraft("") });
  };

  return (
    <section aria-label="Discussion" data-testid="finding-thread" className="space-y-2 border-l-2 border-zinc-200 pl-3 dark:border-zinc-700">
      {replies.isPending ? (
        <Spinner label="Loading the discussion" className="text-zinc-500 dark:text-zinc-400" />
      ) : replies.isError ? (
        <div className="flex items-center gap-2">
          <ErrorText className="text-xs">{`The discussion could not be loaded: ${errorMessage(replies.error)}`}</ErrorText>
          <Button size="sm" variant="ghost" onClick={() => void replies.refetch()}>
            Retry
          </Button>
        </div>
      ) : replies.data.length === 0 ? (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">No replies yet.{canWrite ? " Ask a question or explain why this is intended; the next review reads it." : ""}</p>
      ) : (
        <ol className="space-y-2">
          {replies.data.map((r) => (
            <li key={r.id} data-testid="finding-reply" data-reply-id={r.id} className="text-sm">
              <p className="text-xs text-zinc-500 dark:text-zinc-400">
                <span className="font-medium text-zinc-800 dark:text-zinc-200">{r.authorName}</span>
                {r.author.startsWith("agent:") ? " (agent)" : ""} ·{" "}
                <time dateTime={r.createdAt} title={formatDateTime(r.createdAt)} suppressHydrationWarning>
                  {timeAgo(r.createdAt)}
                </time>
              </p>
              <Markdown text={r.body} className="text-zinc-800 dark:text-zinc-200" />
            </li>
          ))}
        </ol>
      )}
      {canWrite ? (
        <form
          className="space-y-1.5"
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <label htmlFor={boxId} className="sr-only">
            Reply to this finding
          </label>
          <textarea
            id={boxId}
            data-testid="finding-reply-input"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                send();
              }
            }}
            rows={2}
            maxLength={10_000}
            placeholder="Reply (Markdown)…"
            className="block w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          />
          <div className="flex items-center gap-2">
            <Button size="sm" type="submit" variant="secondary" data-testid="finding-reply-submit" loading={reply.isPending} disabled={!draft.trim()}>
              Reply
            </Button>
            {reply.isError ? <ErrorText className="text-xs">{errorMessage(reply.error)}</ErrorText> : null}
          </div>
        </form>
      ) : null}
    </section>
  );
}

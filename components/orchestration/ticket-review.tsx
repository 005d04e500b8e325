"use client";
/**
 * O7: where a code ticket's work went and how it was settled — its branch, its
 * pull request with the verdict for the current head, "no changes", or a
 * person's override with their name and reason — and, while it waits in
 * review, the override form. The same line shows in a proposal's pipeline and
 * in a plan's Plan Studio: both run on one pipeline runtime.
 */
import Link from "next/link";
import { useId, useState } from "react";
import type { OrchestrationView } from "@/lib/orchestration/list-orchestrations";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { ApiError } from "@/components/ui/fetch-json";
import { useOverrideTicket } from "./orchestration-hooks";

type Ticket = OrchestrationView["tickets"][number];

const VERDICT_TONE: Record<string, BadgeTone> = { ship: "green", hold: "amber", block: "red" };

export function TicketReview({ slug, roomId, orchestrationId, ticket, canWrite }: Readonly<{ slug: string; roomId: string; orchestrationId: string; ticket: Ticket; canWrite: boolean }>) {
  if (!ticket.branch && !ticket.pullRequest && !ticket.resolution) return null;
  const pull = ticket.pullRequest;
  return (
    <span data-testid="ticket-review" data-key={ticket.key} data-resolution={ticket.resolution ?? ""} className="flex flex-wrap items-center gap-2 text-xs">
      {ticket.branch ? <code className="font-mono text-zinc-500 dark:text-zinc-400" title="The ticket's own branch">{ticket.branch}</code> : null}
      {pull ? (
        <Link data-testid="ticket-pull-link" href={`/w/${encodeURIComponent(slug)}/pulls/${encodeURIComponent(pull.id)}`} className="text-indigo-700 underline dark:text-indigo-300">
          Pull request #{pull.number}
        </Link>
      ) : null}
      {pull ? <Badge tone={pull.verdict ? (VERDICT_TONE[pull.verdict] ?? "neutral") : "neutral"}>{pull.verdict ? `verdict: ${pull.verdict}` : "under review"}</Badge> : null}
      {ticket.resolution === "no_changes" ? <span className="text-zinc-600 dark:text-zinc-400">No changes: no pull request was needed.</span> : null}
      {ticket.resolution === "ship" ? <span className="text-emerald-700 dark:text-emerald-300">Done: the verdict is ship.</span> : null}
      {ticket.override ? (
        <span data-testid="ticket-override" className="text-amber-800 dark:text-amber-300">
          Overridden by {ticket.override.by}: {ticket.override.reason}
        </span>
      ) : null}
      {canWrite && ticket.status === "in_review" && pull ? <OverrideForm slug={slug} roomId={roomId} orchestrationId={orchestrationId} ticketKey={ticket.key} /> : null}
    </span>
  );
}

function OverrideForm({ slug, roomId, orchestrationId, ticketKey }: Readonly<{ slug: string; roomId: string; orchestrationId: string; ticketKey: string }>) {
  const override = useOverrideTicket(slug, roomId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const id = useId();
  if (!open) {
    return (
      <Button size="sm" variant="secondary" data-testid="override-ticket" onClick={() => setOpen(true)}>
        Override review…
      </Button>
    );
  }
  const error = override.error instanceof ApiError ? override.error.message : override.error ? "The override could not be sent; try again." : null;
  return (
    <form
      data-testid="override-form"
      className="flex w-full flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        override.mutate({ orchestrationId, key: ticketKey, reason });
      }}
    >
      <label htmlFor={id} className="font-medium text-zinc-700 dark:text-zinc-300">
        Why is ticket {ticketKey} done despite its verdict?
      </label>
      <textarea
        id={id}
        required
        minLength={3}
        maxLength={2000}
        rows={2}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        disabled={override.isPending}
        className="block w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      />
      <span className="flex gap-2">
        <Button size="sm" type="submit" data-testid="override-submit" loading={override.isPending} disabled={reason.trim().length < 3}>
          Mark done with this reason
        </Button>
        <Button size="sm" variant="secondary" type="button" onClick={() => setOpen(false)} disabled={override.isPending}>
          Keep in review
        </Button>
      </span>
      <ErrorText>{error}</ErrorText>
    </form>
  );
}

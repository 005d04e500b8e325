"use client";
/**
 * R3: who is asked to review this pull request, and — for those who may —
 * "Request review from" a member who can confirm findings (never its author,
 * never a viewer), or withdraw a request. The person asked is notified.
 */
import { useId, useState } from "react";
import { can } from "@/lib/auth/permissions";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { useMembers } from "@/components/settings/member-hooks";
import { errorMessage } from "@/components/reviews/fetch-review";
import { useReviewRequest } from "./pull-hooks";
import type { PullRequestDetail } from "./pull-types";

export function ReviewRequests({ slug, detail, canWrite }: Readonly<{ slug: string; detail: PullRequestDetail; canWrite: boolean }>) {
  const pull = detail.pullRequest;
  const asked = detail.reviewRequests;
  const open = pull.state === "open";
  const members = useMembers(slug);
  const ask = useReviewRequest(slug, pull.id);
  const [chosen, setChosen] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const pickerId = useId();
  const candidates = (members.data ?? []).filter((m) => can(m.role, "write") && m.user.id !== pull.authorId && !asked.some((a) => a.userId === m.user.id));
  if (asked.length === 0 && !(canWrite && open)) return null;

  return (
    <div data-testid="review-requests" className="space-y-1.5 text-sm">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-zinc-500 dark:text-zinc-400">Review asked of</span>
        {asked.length === 0 ? <span className="text-zinc-600 dark:text-zinc-400">nobody yet</span> : null}
        {asked.map((a) => (
          <span key={a.userId} data-testid="review-request" data-user-id={a.userId} className="inline-flex items-center gap-1 rounded-full bg-zinc-100 py-0.5 pr-1 pl-2.5 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">
            <span title={`Asked by ${a.requestedBy}`}>{a.name}</span>
            {canWrite ? (
              <button
                type="button"
                aria-label={`Withdraw the request for ${a.name}'s review`}
                data-testid="withdraw-review-request"
                onClick={() => ask.mutate({ userId: a.userId, withdraw: true }, { onSuccess: () => setNotice(`The request for ${a.name}'s review is withdrawn.`) })}
                className="grid size-5 place-items-center rounded-full text-zinc-600 hover:bg-zinc-200 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-700"
              >
                <span aria-hidden="true">×</span>
              </button>
            ) : null}
          </span>
        ))}
      </div>
      {canWrite && open ? (
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const person = candidates.find((m) => m.user.id === chosen);
            if (!person) return;
            ask.mutate({ userId: chosen }, { onSuccess: () => (setNotice(`${person.user.name} is asked to review and is notified.`), setChosen("")) });
          }}
        >
          <label htmlFor={pickerId} className="text-zinc-600 dark:text-zinc-400">
            Request review from
          </label>
          <select
            id={pickerId}
            data-testid="review-request-picker"
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            className="h-8 max-w-56 rounded-md border border-zinc-300 bg-white pr-7 pl-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          >
            <option value="">{candidates.length ? "Pick a member…" : "Everyone who can review is asked"}</option>
            {candidates.map((m) => (
              <option key={m.user.id} value={m.user.id}>
                {m.user.name}
                {m.handle ? ` (@${m.handle})` : ""}
              </option>
            ))}
          </select>
          <Button type="submit" size="sm" variant="secondary" data-testid="request-review" disabled={!chosen} loading={ask.isPending}>
            Ask
          </Button>
        </form>
      ) : null}
      <p role="status" aria-live="polite" className="text-xs text-emerald-700 empty:hidden dark:text-emerald-400">
        {notice && !ask.error ? notice : ""}
      </p>
      {ask.error ? <ErrorText className="text-xs">{errorMessage(ask.error)}</ErrorText> : null}
    </div>
  );
}

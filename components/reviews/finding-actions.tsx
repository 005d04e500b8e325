"use client";
/**
 * Confirm / Resolve / Dismiss-with-reason / Reopen for one finding. The
 * server decides (R3: its author cannot confirm it; a dismissal needs a
 * reason; a closed finding must be reopened first) and its words are shown
 * as they come. Viewers see who confirmed, not the buttons.
 */
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import type { FindingView } from "@/components/pulls/pull-types";
import { errorMessage } from "./fetch-review";
import { useChangeFindingStatus, useConfirmFinding, useWithdrawConfirmation } from "./finding-hooks";
import { useFixWithAgent } from "./finding-thread-hooks";
import { useReview } from "./review-context";

export function FindingActions({ finding, compact = false }: Readonly<{ finding: FindingView; compact?: boolean }>) {
  const { slug, pullId, canWrite, userId } = useReview();
  const confirm = useConfirmFinding(slug, pullId, finding.id);
  const withdraw = useWithdrawConfirmation(slug, pullId, finding.id);
  const status = useChangeFindingStatus(slug, pullId, finding.id);
  const fix = useFixWithAgent(slug, pullId, finding.id);
  const [dismissing, setDismissing] = useState(false);
  const [reason, setReason] = useState("");
  // R10: a dismissal's scope (this finding, or this rule under the finding's folder) and optional expiry.
  const [ruleScope, setRuleScope] = useState(false);
  const [until, setUntil] = useState("");
  const folder = finding.anchor ? finding.anchor.file.slice(0, finding.anchor.file.lastIndexOf("/") + 1) : "";
  const [notice, setNotice] = useState<string | null>(null);
  const reasonId = useId();

  const live = finding.status === "open" || finding.status === "consensusReady";
  const confirmedByMe = finding.confirmations.some((c) => c.userId === userId);
  // R3: the author cannot confirm their own finding; the button says so instead of failing on click.
  const raisedByMe = finding.authorUserId === userId || finding.author === `user:${userId}`;
  const selfConfirmId = useId();
  const error = errorMessage(confirm.error) ?? errorMessage(status.error) ?? errorMessage(fix.error) ?? errorMessage(withdraw.error);
  const busy = confirm.isPending || status.isPending;

  if (!canWrite) return null;

  const act = (action: "resolve" | "dismiss" | "reopen", why?: string) => {
    setNotice(null);
    confirm.reset();
    const scope = action === "dismiss" ? { ...(ruleScope ? { scope: "rule_in_path" as const, path: folder } : {}), ...(until ? { expiresAt: new Date(`${until}T23:59:59`).toISOString() } : {}) } : {};
    status.mutate(
      { action, reason: why, ...scope },
      {
        onSuccess: (outcome) => {
          setDismissing(false);
          setReason("");
          const verdict = outcome.verdict ? ` The verdict was re-formed: ${outcome.verdict.verdict}.` : "";
          setNotice(`${action === "resolve" ? "Resolved" : action === "dismiss" ? "Dismissed" : "Reopened"}.${verdict}`);
        },
      },
    );
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        {live && !confirmedByMe && raisedByMe ? (
          <>
            <Button size="sm" variant="secondary" data-testid="finding-confirm" disabled aria-describedby={selfConfirmId}>
              Confirm
            </Button>
            <span id={selfConfirmId} data-testid="finding-confirm-reason" className="text-xs text-zinc-600 dark:text-zinc-400">
              You raised this finding; someone else confirms it.
            </span>
          </>
        ) : null}
        {live && !confirmedByMe && !raisedByMe ? (
          <Button
            size="sm"
            variant="secondary"
            data-testid="finding-confirm"
            loading={confirm.isPending}
            disabled={busy}
            onClick={() => {
              setNotice(null);
              status.reset();
              confirm.mutate(undefined, {
                onSuccess: (outcome) =>
                  setNotice(
                    outcome.consensus
                      ? "Confirmed: this finding is now consensus-ready."
                      : !outcome.confirmed
                        ? "You had confirmed it already."
                        : outcome.confirmations < outcome.required
                          ? `Your confirmation is recorded: ${outcome.confirmations} of ${outcome.required} needed for consensus.`
                          : "Your confirmation is recorded.",
                  ),
              });
            }}
          >
            Confirm
          </Button>
        ) : null}
        {live && confirmedByMe ? (
          <>
            <span className="text-xs font-medium text-indigo-700 dark:text-indigo-300">You confirmed this</span>
            <Button variant="ghost" size="sm" data-testid="finding-withdraw" loading={withdraw.isPending} onClick={() => withdraw.mutate(undefined, { onSuccess: (o) => setNotice(o.consensusLost ? "Withdrawn: this finding is open again." : "Your confirmation is withdrawn.") })}>
              Withdraw
            </Button>
          </>
        ) : null}
        {live ? (
          <>
            <Button size="sm" variant="ghost" data-testid="finding-resolve" disabled={busy} loading={status.isPending && status.variables?.action === "resolve"} onClick={() => act("resolve")}>
              Resolve
            </Button>
            <Button
              size="sm"
              variant="ghost"
              data-testid="finding-dismiss"
              aria-expanded={dismissing}
              aria-controls={dismissing ? reasonId : undefined}
              disabled={busy}
              onClick={() => setDismissing((d) => !d)}
            >
              Dismiss…
            </Button>
            <Button
              size="sm"
              variant="ghost"
              data-testid="finding-fix"
              title={finding.fixRoom ? `Open ${finding.fixRoom.name}` : "Open an Agent-mode room seeded with this finding"}
              loading={fix.isPending}
              disabled={busy}
              onClick={() => {
                setNotice(null);
                fix.mutate();
              }}
            >
              {finding.fixRoom ? "Open fix room" : "Fix with an agent"}
            </Button>
          </>
        ) : (
          <Button size="sm" variant="secondary" data-testid="finding-reopen" loading={status.isPending} disabled={busy} onClick={() => act("reopen")}>
            Reopen
          </Button>
        )}
      </div>
      {dismissing && live ? (
        <form
          id={reasonId}
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            act("dismiss", reason);
          }}
        >
          <label htmlFor={`${reasonId}-text`} className="block text-xs font-medium text-zinc-700 dark:text-zinc-300">
            Why dismiss it? It will not be raised again.
          </label>
          <textarea
            id={`${reasonId}-text`}
            data-testid="finding-dismiss-reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            rows={compact ? 2 : 3}
            maxLength={2000}
            autoFocus
            className="block w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          />
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-zinc-700 dark:text-zinc-300">
            <label className="inline-flex items-center gap-1.5">
              <input type="checkbox" data-testid="finding-dismiss-rule" checked={ruleScope} onChange={(e) => setRuleScope(e.target.checked)} />
              Every “{finding.title.length > 40 ? `${finding.title.slice(0, 39)}…` : finding.title}” in {folder || "the repository"}
            </label>
            <label className="inline-flex items-center gap-1.5">
              Until
              <input type="date" data-testid="finding-dismiss-until" value={until} onChange={(e) => setUntil(e.target.value)} className="rounded border border-zinc-300 bg-white px-1 py-0.5 dark:border-zinc-700 dark:bg-zinc-900" />
            </label>
          </div>
          <div className="flex gap-2">
            <Button size="sm" type="submit" variant="danger" data-testid="finding-dismiss-submit" loading={status.isPending}>
              Dismiss finding
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setDismissing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      <p role="status" aria-live="polite" data-testid="finding-message" className="text-xs text-emerald-700 empty:hidden dark:text-emerald-400">
        {notice && !error ? notice : ""}
      </p>
      {error ? (
        <div data-testid="finding-error">
          <ErrorText className="text-xs">{error}</ErrorText>
        </div>
      ) : null}
    </div>
  );
}

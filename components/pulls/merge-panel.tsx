"use client";
/**
 * Merging a pull request opened in Gatehouse (a GitHub one merges on GitHub).
 * With ship at the current head it is one click (merge commit or
 * fast-forward). Otherwise the panel says why not (no verdict for this head,
 * a stale one, hold or block) and offers the override: a reason, recorded
 * with the person's name and shown on the merged pull request. The server
 * decides; its refusals (conflicts, not fast-forwardable, a moved head) show
 * here as it words them. Once merged, the record of how it merged is shown.
 */
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { TextAreaField } from "@/components/ui/field";
import { errorMessage } from "@/components/reviews/fetch-review";
import { shortSha } from "@/components/reviews/format";
import { useMergePull } from "./pull-hooks";
import type { PullRequestDetail } from "./pull-types";

export function MergePanel({ slug, detail, canWrite }: Readonly<{ slug: string; detail: PullRequestDetail; canWrite: boolean }>) {
  const pull = detail.pullRequest;
  if (pull.source === "github") return null;
  if (pull.state === "merged") return <MergeRecord detail={detail} />;
  if (pull.state !== "open" || !canWrite) return null;
  return <MergeForm slug={slug} detail={detail} />;
}

function MergeRecord({ detail }: Readonly<{ detail: PullRequestDetail }>) {
  const pull = detail.pullRequest;
  const merge = pull.merge;
  return (
    <section data-testid="merge-record" aria-label="Merge" className="rounded-lg border border-indigo-200 bg-indigo-50/60 p-3 text-sm dark:border-indigo-900 dark:bg-indigo-950/40">
      <p>
        Merged into <code className="font-mono">{pull.baseRef}</code>
        {merge?.commitSha ? (
          <>
            {" "}
            as <code className="font-mono" title={merge.commitSha}>{shortSha(merge.commitSha)}</code>
          </>
        ) : null}
        {merge ? ` (${merge.method === "fast-forward" ? "fast-forward" : "merge commit"})` : ""}
        {merge?.byName ? ` by ${merge.byName}` : ""}. It lives in Gatehouse’s copy of the repository; the folder or remote it was registered from is not written.
      </p>
      {merge?.overrideReason ? (
        <p data-testid="merge-override-record" className="mt-1.5 rounded-md bg-amber-50 px-2 py-1 text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
          Merged over a {merge.verdict === "none" ? "missing" : merge.verdict} verdict{merge.byName ? ` by ${merge.byName}` : ""}: “{merge.overrideReason}”
        </p>
      ) : null}
    </section>
  );
}

function MergeForm({ slug, detail }: Readonly<{ slug: string; detail: PullRequestDetail }>) {
  const pull = detail.pullRequest;
  const merge = useMergePull(slug, pull.id);
  const [method, setMethod] = useState<"merge" | "fast-forward">("merge");
  const [reason, setReason] = useState("");
  const [overriding, setOverriding] = useState(false);
  const groupId = useId();
  const current = detail.verdict;
  const ship = current?.verdict === "ship";
  const blocker = ship
    ? null
    : current
      ? `The verdict for ${shortSha(pull.headSha)} is ${current.verdict}.`
      : pull.verdict && !pull.verdict.current
        ? `The last verdict (${pull.verdict.verdict}) is for ${shortSha(pull.verdict.headSha)}, not the current head ${shortSha(pull.headSha)}.`
        : `There is no verdict for ${shortSha(pull.headSha)} yet.`;

  const submit = (overrideReason?: string) => merge.mutate({ method, headSha: pull.headSha, ...(overrideReason ? { overrideReason } : {}) });

  return (
    <section data-testid="merge-panel" data-ready={ship || undefined} aria-labelledby={`${groupId}-title`} className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h2 id={`${groupId}-title`} className="text-sm font-semibold">
          Merge into <code className="font-mono">{pull.baseRef}</code>
        </h2>
        <fieldset className="flex items-center gap-3 text-sm">
          <legend className="sr-only">Merge method</legend>
          {(["merge", "fast-forward"] as const).map((m) => (
            <label key={m} className="flex items-center gap-1.5">
              <input type="radio" name={`${groupId}-method`} value={m} checked={method === m} onChange={() => setMethod(m)} data-testid={`merge-method-${m}`} />
              {m === "merge" ? "Merge commit" : "Fast-forward"}
            </label>
          ))}
        </fieldset>
        {ship ? (
          <Button size="sm" className="ml-auto" data-testid="merge-button" loading={merge.isPending} onClick={() => submit()}>
            Merge pull request
          </Button>
        ) : null}
      </div>
      {blocker ? (
        <div className="mt-2 space-y-2 text-sm">
          <p data-testid="merge-blocker" className="text-zinc-700 dark:text-zinc-300">
            {blocker} Merging needs ship for the current head, or an override with a reason that is recorded with your name.
          </p>
          {overriding ? (
            <form
              className="space-y-2"
              onSubmit={(event) => {
                event.preventDefault();
                submit(reason.trim());
              }}
            >
              <TextAreaField
                label="Why merge without ship?"
                data-testid="merge-override-reason"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                rows={2}
                maxLength={2000}
                required
                minLength={5}
              />
              <div className="flex gap-2">
                <Button type="submit" size="sm" variant="danger" data-testid="merge-override-submit" loading={merge.isPending} disabled={reason.trim().length < 5}>
                  Merge over {current?.verdict ?? "the missing verdict"}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setOverriding(false)}>
                  Cancel
                </Button>
              </div>
            </form>
          ) : (
            <Button size="sm" variant="secondary" data-testid="merge-override" onClick={() => setOverriding(true)}>
              Override and merge…
            </Button>
          )}
        </div>
      ) : null}
      {merge.error ? (
        <div data-testid="merge-error" className="mt-2">
          <ErrorText>{errorMessage(merge.error)}</ErrorText>
        </div>
      ) : null}
    </section>
  );
}

"use client";
/**
 * The verdict at the current head (R5): Ship, Hold or Block with colour, icon
 * and words; every rule that applied, in plain language, strictest first; and
 * the axis table. Before a review is published for the head it says so and
 * names the last verdict as stale, never as current.
 */
import { useId } from "react";
import { cx } from "@/components/ui/cx";
import { Markdown } from "@/components/ui/markdown";
import { Spinner } from "@/components/ui/spinner";
import type { PullRequestDetail, Verdict, VerdictRule } from "@/components/pulls/pull-types";
import { VERDICT_LOOK, VerdictBadge } from "@/components/pulls/verdict-badge";
import { AxisTable } from "./axis-table";
import { CoverageNote } from "./coverage-note";
import { useReview } from "./review-context";
import { formatDateTime, shortSha, timeAgo, TRIGGER_LABEL, VERDICT_WORDS } from "./format";
import { PendingIcon } from "./icons";
import { RuleRef } from "@/components/ui/rule-ref";
import { verdictCaveats } from "@/lib/pulls/verdict-caveats";

/** Ship beside checks that did not pass: no success colour (R5 — the banner must not look greener than the evidence). */
const SHIP_WITH_CAVEATS = {
  panel: "border-amber-300 bg-white dark:border-amber-800 dark:bg-zinc-900",
  accent: "text-zinc-800 dark:text-zinc-100",
};

const RANK: Record<Verdict, number> = { block: 0, hold: 1, ship: 2 };

export function VerdictBanner({ detail, reviewing, canWrite = false }: Readonly<{ detail: PullRequestDetail; reviewing: boolean; canWrite?: boolean }>) {
  const titleId = useId();
  const { slug } = useReview();
  const review = detail.verdict;
  const pull = detail.pullRequest;

  if (!review) {
    const last = pull.verdict;
    return (
      <section
        data-testid="verdict-banner"
        data-verdict="pending"
        aria-labelledby={titleId}
        className="rounded-lg border border-dashed border-zinc-300 bg-zinc-50 p-4 dark:border-zinc-700 dark:bg-zinc-900/60"
      >
        <div className="flex flex-wrap items-center gap-3">
          <PendingIcon className="size-6 text-zinc-500 dark:text-zinc-400" />
          <h2 id={titleId} className="text-lg font-semibold">
            No verdict yet for {shortSha(pull.headSha)}
          </h2>
          {reviewing ? <Spinner label="The reviewer is working" className="text-indigo-600 dark:text-indigo-400" /> : null}
        </div>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          {reviewing ? "The reviewer is reading the diff; the verdict appears here when it publishes its review." : "A verdict is formed when a review of this head is published."}
          {last ? (
            <>
              {" "}
              The last verdict, <VerdictBadge verdict={last.verdict} stale /> was for {shortSha(last.headSha)}.
            </>
          ) : null}
        </p>
        {detail.axes.table.length > 0 ? (
          <div className="mt-3">
            <h3 className="mb-1 text-sm font-semibold">Axes at this head</h3>
            <AxisTable rows={detail.axes.table} caption="Axis results at the current head" logs={{ slug, pullId: pull.id, headSha: pull.headSha }} />
          </div>
        ) : null}
      </section>
    );
  }

  const axesError = review.axesError ?? detail.axes.error;
  const caveats = verdictCaveats(review.axisTable, axesError);
  const muted = review.verdict === "ship" && caveats.length > 0;
  const look = muted ? { ...VERDICT_LOOK.ship, ...SHIP_WITH_CAVEATS } : VERDICT_LOOK[review.verdict];
  const Icon = look.icon;
  const rules = [...review.rules].sort((a, b) => RANK[a.effect] - RANK[b.effect]);
  return (
    <section
      data-testid="verdict-banner"
      data-verdict={review.verdict}
      data-caveats={muted ? caveats.length : undefined}
      data-head-sha={review.headSha}
      aria-labelledby={titleId}
      className={cx("rounded-lg border-2 p-4", look.panel)}
    >
      <div className="flex flex-wrap items-start gap-3">
        <Icon className={cx("size-8", look.accent)} />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-xl font-bold tracking-tight">
            <span className={look.accent}>{VERDICT_WORDS[review.verdict].label}</span>
            <span className="sr-only">:</span> <span className="text-base font-semibold text-zinc-900 dark:text-zinc-100">{VERDICT_WORDS[review.verdict].headline}</span>
          </h2>
          <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">
            For head <code className="font-mono">{shortSha(review.headSha)}</code> · formed when {TRIGGER_LABEL[review.trigger]} ·{" "}
            <time dateTime={review.createdAt} title={formatDateTime(review.createdAt)} suppressHydrationWarning>
              {timeAgo(review.createdAt)}
            </time>
            {review.threshold !== null ? <> · findings count at confidence ≥ {review.threshold}</> : null}
          </p>
        </div>
        {reviewing ? <Spinner label="A new review is running" className="text-zinc-500 dark:text-zinc-400" /> : null}
      </div>
      {muted ? (
        <p data-testid="verdict-caveats" className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
          Ship by the rules, but {caveats.length === 1 ? "one check did not pass" : `${caveats.length} checks did not pass`}:{" "}
          {caveats.map((c) => `${c.axis} ${c.what}`).join("; ")}.
        </p>
      ) : null}
      {review.summary ? <Markdown text={review.summary} citations className="mt-3 text-zinc-800 dark:text-zinc-200" /> : null}
      <CoverageNote slug={slug} pullId={pull.id} review={review} canWrite={canWrite} />
      <div className="mt-3 grid gap-4 lg:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold">Why</h3>
          <ul data-testid="verdict-rules" className="mt-1 space-y-1.5">
            {rules.map((rule, i) => (
              <RuleItem key={`${rule.rule}-${i}`} rule={rule} />
            ))}
          </ul>
        </div>
        <div>
          <h3 className="text-sm font-semibold">Axes</h3>
          {axesError ? <p className="mt-1 text-sm text-amber-900 dark:text-amber-200">The axes declaration could not be read: {axesError}</p> : null}
          <div className="mt-1">
            <AxisTable rows={review.axisTable} caption={`Axis results behind the ${VERDICT_WORDS[review.verdict].label} verdict`} logs={{ slug, pullId: pull.id, headSha: review.headSha }} />
          </div>
        </div>
      </div>
    </section>
  );
}

function RuleItem({ rule }: Readonly<{ rule: VerdictRule }>) {
  return (
    <li data-testid="verdict-rule" data-rule={rule.rule} data-effect={rule.effect} className="flex items-start gap-2 text-sm">
      <span
        title={rule.effect === "ship" ? "Sets no stricter floor than ship" : `Sets the verdict to at least ${rule.effect}`}
        className={cx("mt-0.5 inline-flex w-12 shrink-0 justify-center rounded px-1 py-0.5 text-[11px] font-semibold uppercase ring-1 ring-inset", VERDICT_LOOK[rule.effect].badge)}
      >
        {rule.effect}
      </span>
      <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
        <Markdown text={rule.text} inline /> <RuleRef id={rule.rule} idOnly />
      </span>
    </li>
  );
}

/**
 * Ship / Hold / Block as a coloured badge with its icon (colour is never the
 * only signal: the word and the icon say it too). A stale verdict (for an
 * earlier head) loses its colour and says so; a ship beside checks that did
 * not pass shows in a warning colour with how many ("Ship · 1 check failing").
 */
import { cx } from "@/components/ui/cx";
import { BlockIcon, HoldIcon, PendingIcon, ShipIcon } from "@/components/reviews/icons";
import { VERDICT_WORDS } from "@/components/reviews/format";
import { caveatSummary, type Caveat } from "@/lib/pulls/verdict-caveats";
import type { Verdict } from "./pull-types";

export const VERDICT_LOOK: Record<Verdict, { badge: string; panel: string; icon: typeof ShipIcon; accent: string }> = {
  ship: {
    badge: "bg-emerald-50 text-emerald-800 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800",
    panel: "border-emerald-300 bg-emerald-50/70 dark:border-emerald-800 dark:bg-emerald-950/40",
    icon: ShipIcon,
    accent: "text-emerald-700 dark:text-emerald-300",
  },
  hold: {
    badge: "bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800",
    panel: "border-amber-300 bg-amber-50/70 dark:border-amber-800 dark:bg-amber-950/40",
    icon: HoldIcon,
    accent: "text-amber-700 dark:text-amber-300",
  },
  block: {
    badge: "bg-red-50 text-red-800 ring-red-300 dark:bg-red-950 dark:text-red-200 dark:ring-red-800",
    panel: "border-red-300 bg-red-50/70 dark:border-red-800 dark:bg-red-950/40",
    icon: BlockIcon,
    accent: "text-red-700 dark:text-red-300",
  },
};

/** No success colour where the evidence is not all green: beside caveats, and for a verdict that is stale (R8). */
const MUTED = "bg-white text-zinc-700 ring-zinc-300 dark:bg-zinc-900 dark:text-zinc-300 dark:ring-zinc-700";
const WARNED = "bg-amber-50 text-amber-900 ring-amber-400 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-700";

export function VerdictBadge({
  verdict,
  stale = false,
  caveats = [],
  size = "sm",
  className,
}: Readonly<{ verdict: Verdict | null; stale?: boolean; caveats?: readonly Caveat[]; size?: "sm" | "md"; className?: string }>) {
  const sizing = size === "md" ? "gap-1.5 px-2.5 py-1 text-sm" : "gap-1 px-2 py-0.5 text-xs";
  if (!verdict) {
    return (
      <span
        data-testid="verdict-badge"
        data-verdict="none"
        className={cx("inline-flex shrink-0 items-center rounded-full font-medium text-zinc-600 ring-1 ring-inset ring-zinc-300 dark:text-zinc-400 dark:ring-zinc-700", sizing, className)}
      >
        <PendingIcon className="size-3.5" />
        No verdict yet
      </span>
    );
  }
  const look = VERDICT_LOOK[verdict];
  const Icon = look.icon;
  // R5/R8: a ship beside checks that did not pass says so, in a warning colour.
  const warned = verdict === "ship" && !stale && caveats.length > 0;
  const colours = stale ? MUTED : warned ? WARNED : look.badge;
  return (
    <span
      data-testid="verdict-badge"
      data-verdict={verdict}
      data-stale={stale || undefined}
      data-caveats={warned ? caveats.length : undefined}
      title={stale ? "For an earlier head; the current head is not reviewed yet" : warned ? caveats.map((c) => `${c.axis} ${c.what}`).join("; ") : undefined}
      className={cx("inline-flex shrink-0 items-center rounded-full font-semibold ring-1 ring-inset", sizing, colours, className)}
    >
      <Icon className="size-3.5" />
      {VERDICT_WORDS[verdict].label}
      {stale ? <span className="font-normal">· stale</span> : null}
      {warned ? <span className="font-normal">· {caveatSummary(caveats)}</span> : null}
    </span>
  );
}

import { cx } from "@/components/ui/cx";

const TIER_LOOK: Record<string, string> = {
  read: "bg-zinc-100 text-zinc-700 ring-zinc-300 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700",
  write: "bg-sky-50 text-sky-800 ring-sky-200 dark:bg-sky-950 dark:text-sky-300 dark:ring-sky-800",
  execute: "bg-orange-50 text-orange-800 ring-orange-200 dark:bg-orange-950 dark:text-orange-300 dark:ring-orange-800",
  admin: "bg-red-50 text-red-700 ring-red-200 dark:bg-red-950 dark:text-red-300 dark:ring-red-800",
};

/** M6: a tool's tier (read < write < execute < admin). */
export function TierBadge({ tier }: Readonly<{ tier: string }>) {
  return (
    <span
      data-testid="tier-badge"
      className={cx("inline-flex items-center rounded px-1.5 py-px font-mono text-[11px] font-medium ring-1 ring-inset", TIER_LOOK[tier] ?? TIER_LOOK.read)}
    >
      <span className="sr-only">tier </span>
      {tier}
    </span>
  );
}

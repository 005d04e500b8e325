import type { Mode } from "@/lib/modes/types";
import { cx } from "@/components/ui/cx";
import { MODE_ACCENT, modeLabel } from "./mode-meta";

/** The room's mode with its accent colour; the label is the profile's (Agent, Plan, Review, Orchestrate). */
export function ModeBadge({ mode, size = "sm", className }: Readonly<{ mode: Mode; size?: "sm" | "md"; className?: string }>) {
  return (
    <span
      data-testid="mode-badge"
      data-mode={mode}
      className={cx(
        "inline-flex shrink-0 items-center gap-1.5 rounded-full font-medium ring-1 ring-inset",
        size === "md" ? "px-2.5 py-1 text-sm" : "px-2 py-0.5 text-xs",
        MODE_ACCENT[mode].badge,
      )}
    >
      <span aria-hidden="true" className={cx("size-1.5 rounded-full", MODE_ACCENT[mode].dot)} />
      <span className="sr-only">Mode: </span>
      {modeLabel(mode)}
    </span>
  );
}

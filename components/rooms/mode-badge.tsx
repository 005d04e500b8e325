import { cx } from "@/components/ui/cx";
import { MODE_ACCENT, type ModeProfileView } from "./mode-meta";

/**
 * The room's mode with its accent colour; label, icon and accent are the
 * profile's (Agent, Plan, Review, Orchestrate, or a declared mode's own, X1).
 */
export function ModeBadge({
  profile,
  size = "sm",
  className,
}: Readonly<{ profile: Pick<ModeProfileView, "id" | "base" | "declared" | "label" | "icon" | "accent">; size?: "sm" | "md"; className?: string }>) {
  const accent = MODE_ACCENT[profile.base];
  return (
    <span
      data-testid="mode-badge"
      data-mode={profile.id}
      className={cx(
        "inline-flex shrink-0 items-center gap-1.5 rounded-full font-medium ring-1 ring-inset",
        size === "md" ? "px-2.5 py-1 text-sm" : "px-2 py-0.5 text-xs",
        profile.declared ? "bg-white text-zinc-900 dark:bg-zinc-900 dark:text-zinc-100" : accent.badge,
        className,
      )}
      style={profile.declared ? { boxShadow: `inset 0 0 0 1px ${profile.accent}` } : undefined}
    >
      {profile.declared ? (
        <span aria-hidden="true" style={{ color: profile.accent }}>
          {profile.icon}
        </span>
      ) : (
        <span aria-hidden="true" className={cx("size-1.5 rounded-full", accent.dot)} />
      )}
      <span className="sr-only">Mode: </span>
      {profile.label}
    </span>
  );
}

import { cx } from "./cx";

/**
 * A polite live region for "Saved" and the like. It is always rendered, so
 * screen readers notice when its text changes.
 */
export function InlineStatus({ children, className }: Readonly<{ children?: string | null; className?: string }>) {
  return (
    <p role="status" aria-live="polite" className={cx("min-h-5 text-sm text-emerald-700 dark:text-emerald-400", className)}>
      {children ?? ""}
    </p>
  );
}

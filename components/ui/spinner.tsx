import { cx } from "./cx";

/** A small busy indicator. Decorative unless given a label. */
export function Spinner({ label, className }: Readonly<{ label?: string; className?: string }>) {
  return (
    <span role={label ? "status" : undefined} className={cx("inline-flex items-center gap-2", className)}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 animate-spin motion-reduce:animate-none">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

import { cx } from "./cx";

/** An error for the person to act on; announced as soon as it appears. */
export function ErrorText({ children, className }: Readonly<{ children?: string | null; className?: string }>) {
  if (!children) return null;
  return (
    <p role="alert" className={cx("rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/60 dark:text-red-300", className)}>
      {children}
    </p>
  );
}

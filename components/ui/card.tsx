import type { ReactNode } from "react";
import { cx } from "./cx";

/** A bordered section. With a title it is a labelled region. */
export function Card({
  title,
  description,
  actions,
  className,
  children,
}: Readonly<{ title?: ReactNode; description?: ReactNode; actions?: ReactNode; className?: string; children?: ReactNode }>) {
  return (
    <section className={cx("rounded-lg border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900", className)}>
      {title || actions ? (
        <header className="flex flex-wrap items-start justify-between gap-3 border-b border-zinc-200 px-5 py-4 dark:border-zinc-800">
          <div>
            {title ? <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-100">{title}</h2> : null}
            {description ? <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</p> : null}
          </div>
          {actions}
        </header>
      ) : null}
      <div className="px-5 py-4">{children}</div>
    </section>
  );
}

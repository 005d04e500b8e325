import type { ReactNode } from "react";

export function EmptyState({ title, children, action }: Readonly<{ title: ReactNode; children?: ReactNode; action?: ReactNode }>) {
  return (
    <div className="rounded-lg border border-dashed border-zinc-300 px-6 py-10 text-center dark:border-zinc-700">
      <p className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</p>
      {children ? <div className="mx-auto mt-1 max-w-md text-sm text-zinc-600 dark:text-zinc-400">{children}</div> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

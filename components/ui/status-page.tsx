import Link from "next/link";
import type { ReactNode } from "react";
import { BrandMark } from "./brand-mark";

/** The branded frame of the 404 and error pages: the mark, a headline, what to do, and a way back. */
export function StatusPage({ code, title, children, action }: Readonly<{ code: string; title: string; children: ReactNode; action?: ReactNode }>) {
  return (
    <main id="main" data-testid="status-page" className="mx-auto mt-24 max-w-md px-6 text-center">
      <BrandMark />
      <p className="mt-8 font-mono text-sm text-zinc-500 dark:text-zinc-400">{code}</p>
      <h1 className="mt-1 text-xl font-semibold">{title}</h1>
      <div className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{children}</div>
      <div className="mt-6 flex justify-center gap-3">
        {action}
        <Link href="/w" className="rounded-md px-3 py-2 text-sm font-medium text-indigo-700 underline dark:text-indigo-300">
          Your workspaces
        </Link>
      </div>
    </main>
  );
}

import Link from "next/link";
import type { ReactNode } from "react";
import { ThemeToggle } from "@/components/ui/theme-toggle";
import { UserMenu } from "./user-menu";

/** The top bar of every signed-in page; `children` go between the logo and the theme toggle. */
export function AppBar({ user, children }: Readonly<{ user: { name: string; email: string }; children?: ReactNode }>) {
  return (
    <header className="sticky top-0 z-20 border-b border-zinc-200 bg-white/90 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90">
      <div className="mx-auto flex min-h-14 max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
        <Link href="/w" className="flex items-center gap-2 text-sm font-semibold tracking-tight">
          <span aria-hidden="true" className="grid size-7 place-items-center rounded-md bg-indigo-600 text-white">
            G
          </span>
          Gatehouse
        </Link>
        <div className="flex flex-1 flex-wrap items-center gap-x-4 gap-y-2">{children}</div>
        <ThemeToggle />
        <UserMenu name={user.name} email={user.email} />
      </div>
    </header>
  );
}

import type { ReactNode } from "react";
import { BrandMark } from "@/components/ui/brand-mark";
import { ThemeToggle } from "@/components/ui/theme-toggle";
import { UserMenu } from "./user-menu";

/** The top bar of every signed-in page; `children` go between the logo and the theme toggle. */
export function AppBar({ user, children }: Readonly<{ user: { name: string; email: string }; children?: ReactNode }>) {
  return (
    <header className="sticky top-0 z-20 border-b border-zinc-200 bg-white/90 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90">
      <div className="mx-auto flex min-h-14 max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
        <BrandMark />
        <div className="flex flex-1 flex-wrap items-center gap-x-4 gap-y-2">{children}</div>
        <ThemeToggle />
        <UserMenu name={user.name} email={user.email} />
      </div>
    </header>
  );
}

import type { ReactNode } from "react";
import { BrandMark } from "@/components/ui/brand-mark";
import { ThemeToggle } from "@/components/ui/theme-toggle";
import { UserMenu } from "./user-menu";

/**
 * The top bar of every signed-in page: the logo, `switcher` (the workspace
 * switcher) and `children` (the workspace's sections), then `tools` (the
 * notifications), the theme and the account. On a phone it takes two short rows — logo, switcher and a Menu
 * button for the account, then the sections, scrolling sideways if they must —
 * so the page, not the bar, gets the screen.
 */
export function AppBar({
  user,
  switcher,
  tools,
  children,
}: Readonly<{ user: { name: string; email: string }; switcher?: ReactNode; tools?: ReactNode; children?: ReactNode }>) {
  return (
    <header data-testid="app-bar" className="sticky top-0 z-20 border-b border-zinc-200 bg-white/90 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-3 py-1.5 sm:min-h-14 sm:gap-x-4 sm:px-4 sm:py-2">
        <BrandMark />
        {switcher}
        {children ? <div className="order-last -mx-1 flex w-full min-w-0 items-center overflow-x-auto px-1 sm:order-none sm:mx-0 sm:w-auto sm:flex-1 sm:px-0">{children}</div> : <div className="flex-1" />}
        <div className="ml-auto flex items-center gap-2 sm:ml-0">
          {tools}
          <div className="hidden items-center gap-4 sm:flex">
            <ThemeToggle />
            <UserMenu name={user.name} email={user.email} />
          </div>
          <details data-testid="account-menu" className="group relative sm:hidden">
            <summary className="flex h-8 cursor-pointer list-none items-center rounded-md border border-zinc-300 px-2.5 text-sm font-medium text-zinc-800 dark:border-zinc-700 dark:text-zinc-200 [&::-webkit-details-marker]:hidden">
              Menu
            </summary>
            <div className="absolute right-0 z-30 mt-1 w-64 space-y-3 rounded-lg border border-zinc-200 bg-white p-3 shadow-lg dark:border-zinc-800 dark:bg-zinc-950">
              <ThemeToggle />
              <UserMenu name={user.name} email={user.email} stacked />
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}

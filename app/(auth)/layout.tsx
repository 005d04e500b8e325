import type { ReactNode } from "react";
import { ThemeToggle } from "@/components/ui/theme-toggle";

export default function AuthLayout({ children }: Readonly<{ children: ReactNode }>) {
  return (
    <div className="flex min-h-screen flex-col">
      <div className="flex justify-end p-4">
        <ThemeToggle />
      </div>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-8 pb-16 sm:pt-16">
        <div className="w-full max-w-sm">
          <div className="mb-8 flex flex-col items-center gap-3 text-center">
            <span aria-hidden="true" className="grid size-10 place-items-center rounded-lg bg-indigo-600 text-lg font-semibold text-white">
              G
            </span>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">Gatehouse — run AI coding agents safely</p>
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}

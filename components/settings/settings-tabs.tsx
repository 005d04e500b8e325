"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cx } from "@/components/ui/cx";

const TABS = [
  { segment: "members", label: "Members" },
  { segment: "repositories", label: "Repositories" },
  { segment: "agents", label: "Agents" },
  { segment: "modes", label: "Modes" },
  { segment: "reviews", label: "Reviews" },
  { segment: "mcp-servers", label: "MCP servers" },
  { segment: "webhook", label: "Webhook" },
  { segment: "hosts", label: "Hosts" },
] as const;

/** Settings sections as links (each is its own page), the current one marked with aria-current. */
export function SettingsTabs({ slug }: Readonly<{ slug: string }>) {
  const pathname = usePathname();
  return (
    <nav aria-label="Settings sections" className="border-b border-zinc-200 dark:border-zinc-800">
      <ul className="-mb-px flex gap-4">
        {TABS.map((tab) => {
          const href = `/w/${slug}/settings/${tab.segment}`;
          const active = pathname === href || pathname.startsWith(`${href}/`);
          return (
            <li key={tab.segment}>
              <Link
                href={href}
                aria-current={active ? "page" : undefined}
                className={cx(
                  "inline-block border-b-2 px-1 pb-2 text-sm font-medium",
                  active
                    ? "border-indigo-600 text-zinc-900 dark:border-indigo-400 dark:text-zinc-100"
                    : "border-transparent text-zinc-600 hover:border-zinc-300 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100",
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

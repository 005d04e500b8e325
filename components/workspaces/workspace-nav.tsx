"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cx } from "@/components/ui/cx";
import { UnreadBadge } from "@/components/notifications/unread-badge";

/** The workspace's sections; the current one is marked for assistive tech with aria-current. */
export function WorkspaceNav({ slug }: Readonly<{ slug: string }>) {
  const pathname = usePathname();
  const base = `/w/${slug}`;
  const links = [
    { href: base, label: "Rooms", active: pathname === base || pathname.startsWith(`${base}/rooms`) },
    { href: `${base}/inbox`, label: "Inbox" },
    { href: `${base}/pulls`, label: "Pull requests" },
    { href: `${base}/settings`, label: "Settings" },
  ].map((link) => ({ ...link, active: link.active ?? (pathname === link.href || pathname.startsWith(`${link.href}/`)) }));

  return (
    <nav aria-label="Workspace">
      <ul className="flex items-center gap-1 whitespace-nowrap">
        {links.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              aria-current={link.active ? "page" : undefined}
              className={cx(
                "rounded-md px-3 py-1.5 text-sm font-medium",
                link.active
                  ? "bg-zinc-100 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100"
                  : "text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100",
              )}
            >
              {link.label}
              {link.href === `${base}/inbox` ? <UnreadBadge slug={slug} /> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * What the command palette offers: places, actions, rooms and pull requests,
 * ranked for a query. Pure, so ranking is tested without a browser.
 */
import { can, type Permission, type Role } from "@/lib/auth/permissions";
import { matchesQuery } from "@/components/ui/list-filter";

export interface PaletteItem {
  id: string;
  group: "Go to" | "Actions" | "Rooms" | "Pull requests";
  label: string;
  hint?: string;
  /** a path of this site, or "#shortcuts" for the shortcuts dialog */
  href: string;
}

/**
 * Places and actions for someone with `role`: an action their role cannot take
 * is not offered (the API would refuse it anyway), and settings pages only an
 * admin can change are listed under "Go to" for admins only.
 */
export function placeItems(slug: string, role: Role): PaletteItem[] {
  const base = `/w/${encodeURIComponent(slug)}`;
  const items: (PaletteItem & { needs: Permission })[] = [
    { id: "go-rooms", group: "Go to", label: "Rooms", href: base, needs: "read" },
    { id: "go-inbox", group: "Go to", label: "Inbox", href: `${base}/inbox`, needs: "read" },
    { id: "go-pulls", group: "Go to", label: "Pull requests", href: `${base}/pulls`, needs: "read" },
    { id: "go-members", group: "Go to", label: can(role, "manage") ? "Members and invites" : "Members", hint: "Settings", href: `${base}/settings/members`, needs: "read" },
    { id: "go-webhook", group: "Go to", label: "Webhook", hint: "Settings", href: `${base}/settings/webhook`, needs: "manage" },
    { id: "go-notifications", group: "Go to", label: "Notification settings", href: "/settings/notifications", needs: "read" },
    { id: "act-new-room", group: "Actions", label: "New room", href: `${base}?new=room`, needs: "write" },
    { id: "act-new-pull", group: "Actions", label: "Open a pull request", href: `${base}/pulls?new=pull`, needs: "write" },
    { id: "act-invite", group: "Actions", label: "Invite people", href: `${base}/settings/members#invite`, needs: "manage" },
    { id: "act-shortcuts", group: "Actions", label: "Keyboard shortcuts", hint: "?", href: "#shortcuts", needs: "read" },
  ];
  return items.filter((item) => can(role, item.needs)).map(({ needs: _needs, ...item }) => item);
}

/** Items matching the query: every word must appear in the label, hint or group; labels that start with the query first. */
export function rankItems(items: readonly PaletteItem[], query: string, limit = 50): PaletteItem[] {
  const q = query.trim().toLowerCase();
  const hits = items.filter((item) => matchesQuery(q, [item.label, item.hint, item.group]));
  if (!q) return hits.slice(0, limit);
  const score = (item: PaletteItem) => (item.label.toLowerCase().startsWith(q) ? 0 : item.label.toLowerCase().includes(q) ? 1 : 2);
  return hits
    .map((item, index) => ({ item, index, s: score(item) }))
    .sort((a, b) => a.s - b.s || a.index - b.index)
    .slice(0, limit)
    .map((x) => x.item);
}

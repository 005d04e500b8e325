/**
 * TanStack Query keys for rooms. Hierarchical under the workspace, so
 * invalidating `all(slug)` refreshes the list, every room view and every
 * capability panel of that workspace.
 */
export const roomKeys = {
  all: (slug: string) => ["rooms", slug] as const,
  list: (slug: string) => [...roomKeys.all(slug), "list"] as const,
  /** the archived rooms, listed apart */
  archived: (slug: string) => [...roomKeys.all(slug), "archived"] as const,
  detail: (slug: string, roomId: string) => [...roomKeys.all(slug), "detail", roomId] as const,
  view: (slug: string, roomId: string) => [...roomKeys.detail(slug, roomId), "view"] as const,
  /** keyed by what decides the surface, so a mode or autonomy change is a new query */
  capabilities: (slug: string, roomId: string, setting?: { mode: string; autonomy: string; planShell: boolean }) =>
    setting
      ? ([...roomKeys.detail(slug, roomId), "capabilities", setting.mode, setting.autonomy, setting.planShell] as const)
      : ([...roomKeys.detail(slug, roomId), "capabilities"] as const),
  /** the room's branch: commits ahead of the base, its open pull request */
  branch: (slug: string, roomId: string) => [...roomKeys.detail(slug, roomId), "branch"] as const,
  /** find in a room */
  search: (slug: string, roomId: string, q: string) => [...roomKeys.detail(slug, roomId), "search", q] as const,
  /** the whole arguments and result of one tool call */
  toolCall: (slug: string, roomId: string, toolCallId: string) => [...roomKeys.detail(slug, roomId), "tool-call", toolCallId] as const,
  /**
   * A conversation's history pages, opened at the newest page (anchor null) or around
   * a message, run or tool call. Outside `all(slug)` on purpose: invalidating every room
   * query would refetch every loaded page one by one; the page refreshes its newest
   * page itself after live events.
   */
  history: (slug: string, roomId: string, conversationId: string | null, anchor: string | null) =>
    [...roomKeys.histories(slug, roomId), conversationId ?? "main", anchor ?? "latest"] as const,
  /** every open history of a room */
  histories: (slug: string, roomId: string) => ["room-history", slug, roomId] as const,
  /** mutation key of posting a message, so the conversation can show it while it is sent */
  postMessage: (slug: string, roomId: string) => [...roomKeys.detail(slug, roomId), "post-message"] as const,
};

/** The API base of one room. */
export const roomApi = (slug: string, roomId: string) =>
  `/api/workspaces/${encodeURIComponent(slug)}/rooms/${encodeURIComponent(roomId)}`;

/**
 * TanStack Query keys of Plan Studio, nested under the room's detail key, so
 * a room-wide invalidation (mode change, reconnect) refreshes them too.
 */
import { roomApi, roomKeys } from "@/components/rooms/keys";

export const planKeys = {
  all: (slug: string, roomId: string) => [...roomKeys.detail(slug, roomId), "plans"] as const,
  versions: (slug: string, roomId: string) => [...planKeys.all(slug, roomId), "versions"] as const,
  detail: (slug: string, roomId: string, planId: string, against?: string) => [...planKeys.all(slug, roomId), "detail", planId, against ?? "previous"] as const,
  orchestrations: (slug: string, roomId: string) => [...planKeys.all(slug, roomId), "orchestrations"] as const,
  proposals: (slug: string, roomId: string) => [...planKeys.all(slug, roomId), "proposals"] as const,
};

export const planApi = (slug: string, roomId: string, planId?: string) =>
  `${roomApi(slug, roomId)}/plans${planId ? `/${encodeURIComponent(planId)}` : ""}`;

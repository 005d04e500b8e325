"use client";
/** Queries and mutations of rooms: one hook per operation, keys from ./keys. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RoomListItem } from "@/lib/rooms/list-rooms";
import type { CapabilityView } from "@/lib/tools/room-capabilities";
import type { CreateRoomBody, UpdateRoomBody } from "@/lib/rooms/schemas";
import { fetchJson } from "@/components/ui/fetch-json";
import { workspaceApi, workspaceKeys } from "@/components/workspaces/keys";
import type { ModePolicyView } from "@/lib/mode-policy/get-mode-policy";
import { refreshRoomHistories } from "./history-hooks";
import { roomApi, roomKeys } from "./keys";
import type { RoomView } from "./room-types";

export function useRooms(slug: string, initialData?: RoomListItem[]) {
  return useQuery({
    queryKey: roomKeys.list(slug),
    queryFn: async () => (await fetchJson<{ rooms: RoomListItem[] }>(`${workspaceApi(slug)}/rooms`)).rooms,
    initialData,
  });
}

/** The archived rooms, loaded when someone opens that list. */
export function useArchivedRooms(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: roomKeys.archived(slug),
    queryFn: async () => (await fetchJson<{ rooms: RoomListItem[] }>(`${workspaceApi(slug)}/rooms?archived=1`)).rooms,
    enabled,
  });
}

export function useCreateRoom(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateRoomBody) =>
      (await fetchJson<{ room: { id: string; name: string; mode: string } }>(`${workspaceApi(slug)}/rooms`, { method: "POST", json: body })).room,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.list(slug) }),
  });
}

export function useRoomView(slug: string, roomId: string, initialData?: RoomView) {
  return useQuery({
    queryKey: roomKeys.view(slug, roomId),
    queryFn: () => fetchJson<RoomView>(roomApi(slug, roomId)),
    initialData,
    // The live stream says when something changed; no need to poll on focus.
    refetchOnWindowFocus: false,
  });
}

/** The panel keeps showing the old surface (dimmed) while the new mode's loads. */
export function useRoomCapabilities(slug: string, room: Pick<RoomView["room"], "id" | "mode" | "autonomy" | "planShell">) {
  const setting = { mode: room.mode, autonomy: room.autonomy, planShell: room.planShell };
  return useQuery({
    queryKey: roomKeys.capabilities(slug, room.id, setting),
    queryFn: () => fetchJson<CapabilityView>(`${roomApi(slug, room.id)}/capabilities`),
    placeholderData: keepPreviousData,
    // A mode switch shows optimistically, so this query can start before the server has the new
    // mode and cache the old surface under the new key. Until the answer matches, ask again.
    // By the mode's id: a declared mode shares its built-in's `mode` (a switch from "security-audit"
    // to "chat" would otherwise look answered by the old surface, and the panel stay stale).
    refetchInterval: (query) => (query.state.data && query.state.data.modeId !== setting.mode ? 300 : false),
  });
}

/**
 * PATCH the room (mode, autonomy, plan shell). The snapshot changes at once so
 * the controls do not jump back while the request is in flight; a refusal
 * restores it and the caller shows the server's message.
 */
export function useUpdateRoom(slug: string, roomId: string) {
  const queryClient = useQueryClient();
  const key = roomKeys.view(slug, roomId);
  return useMutation({
    mutationFn: (patch: UpdateRoomBody) => fetchJson<{ room: Pick<RoomView["room"], "id" | "mode" | "autonomy" | "planShell" | "name"> }>(roomApi(slug, roomId), { method: "PATCH", json: patch }),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<RoomView>(key);
      if (previous) {
        const { agentId: _agentId, archived: _archived, ...shown } = patch;
        queryClient.setQueryData<RoomView>(key, { ...previous, room: { ...previous.room, ...shown } });
      }
      return { previous };
    },
    onError: (_error, _patch, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: roomKeys.detail(slug, roomId) });
      void queryClient.invalidateQueries({ queryKey: roomKeys.list(slug) });
      void queryClient.invalidateQueries({ queryKey: roomKeys.archived(slug) });
    },
  });
}

export interface PostMessageVars {
  content: string;
  conversationId?: string;
}

export function usePostMessage(slug: string, roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: roomKeys.postMessage(slug, roomId),
    mutationFn: (body: PostMessageVars) =>
      fetchJson<{ message: { id: string }; run: { id: string; status: string } | null }>(`${roomApi(slug, roomId)}/messages`, { method: "POST", json: body }),
    // Settles once the conversation shows the message, so "sending…" hands over to it without a gap.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: roomKeys.view(slug, roomId) }), refreshRoomHistories(queryClient, slug, roomId)]),
  });
}

/** G2: answer an agent's ask_user question; the run continues. */
export function useAnswerQuestion(slug: string, roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ runId, callId, answer }: { runId: string; callId: string; answer: string }) =>
      fetchJson<{ ok: true }>(`${workspaceApi(slug)}/runs/${encodeURIComponent(runId)}/answer`, { method: "POST", json: { callId, answer } }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: roomKeys.view(slug, roomId) }), refreshRoomHistories(queryClient, slug, roomId)]),
  });
}

/** Start a thread under a conversation (M1: it shares the room's mode). */
export function useStartThread(slug: string, roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { parentConversationId: string; title: string }) =>
      fetchJson<{ thread: { id: string; title: string; parentId: string } }>(`${roomApi(slug, roomId)}/threads`, { method: "POST", json: vars }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.view(slug, roomId) }),
  });
}

/** X1: the workspace's modes (selectable list, default, declared policy). */
export function useWorkspaceModes(slug: string) {
  return useQuery({
    queryKey: [...workspaceKeys.detail(slug), "modes"] as const,
    queryFn: () => fetchJson<ModePolicyView>(`${workspaceApi(slug)}/modes`),
    staleTime: 30_000,
  });
}

"use client";
/** The room's branch (commits ahead of its base, open pull request) and a person's commit of the room's work. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RoomBranch } from "@/lib/rooms/get-room-branch";
import type { CommitRoomBody } from "@/lib/rooms/schemas";
import { fetchJson } from "@/components/ui/fetch-json";
import { refreshRoomHistories } from "./history-hooks";
import { roomApi, roomKeys } from "./keys";

export function useRoomBranch(slug: string, roomId: string, enabled: boolean) {
  return useQuery({
    queryKey: roomKeys.branch(slug, roomId),
    queryFn: () => fetchJson<RoomBranch>(`${roomApi(slug, roomId)}/branch`),
    enabled,
    refetchOnWindowFocus: false,
  });
}

export function useCommitRoomWork(slug: string, roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommitRoomBody) => fetchJson<{ sha: string; subject: string; branch: string }>(`${roomApi(slug, roomId)}/commits`, { method: "POST", json: body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: roomKeys.branch(slug, roomId) });
      void refreshRoomHistories(queryClient, slug, roomId);
    },
  });
}

"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PublishingCredentialView } from "@/lib/github/get-publishing-credential";
import type { GithubPublishingBody, RegisterRepositoryBody, RepositoryView, UpdateRepositoryBody } from "@/lib/repositories/schemas";
import { fetchJson } from "@/components/ui/fetch-json";
import { workspaceApi, workspaceKeys } from "@/components/workspaces/keys";

export function useRepositories(slug: string, initialData?: RepositoryView[]) {
  return useQuery({
    queryKey: workspaceKeys.repositories(slug),
    queryFn: async () => (await fetchJson<{ repositories: RepositoryView[] }>(`${workspaceApi(slug)}/repositories`)).repositories,
    initialData,
  });
}

export function useRegisterRepository(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RegisterRepositoryBody) =>
      (await fetchJson<{ repository: RepositoryView }>(`${workspaceApi(slug)}/repositories`, { method: "POST", json: body })).repository,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.repositories(slug) }),
  });
}

/** Edit what registration set (name, folder, remote, default branch, GitHub name, webhook secret). */
export function useUpdateRepository(slug: string, repositoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateRepositoryBody) =>
      (await fetchJson<{ repository: RepositoryView }>(`${workspaceApi(slug)}/repositories/${encodeURIComponent(repositoryId)}`, { method: "PATCH", json: body })).repository,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.repositories(slug) }),
  });
}

/** R12: set or remove a repository's GitHub token, or switch review comments on or off. */
export function useSetGithubPublishing(slug: string, repositoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: GithubPublishingBody) =>
      (await fetchJson<{ repository: RepositoryView }>(`${workspaceApi(slug)}/repositories/${encodeURIComponent(repositoryId)}/github`, { method: "PATCH", json: body })).repository,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.repositories(slug) }),
  });
}

/** R12: which credential publishes a repository's verdicts (asks GitHub for the app's installation, so it is fetched on its own). */
export function usePublishingCredential(slug: string, repositoryId: string) {
  return useQuery({
    queryKey: [...workspaceKeys.repositories(slug), repositoryId, "credential"] as const,
    queryFn: async () =>
      (await fetchJson<{ credential: PublishingCredentialView }>(`${workspaceApi(slug)}/repositories/${encodeURIComponent(repositoryId)}/github`)).credential,
    staleTime: 60_000,
  });
}

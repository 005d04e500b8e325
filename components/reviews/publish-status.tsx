"use client";
/**
 * R12: where the verdict stands on GitHub — being published (with the try
 * and why the last one failed), published (the check run's conclusion and a
 * link to it), or failed (why, and a retry for people who may write). Live:
 * the room's publish events refetch the detail this reads.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { fetchJson } from "@/components/ui/fetch-json";
import { Spinner } from "@/components/ui/spinner";
import { pullApi, pullKeys } from "@/components/pulls/keys";
import type { PullRequestDetail } from "@/components/pulls/pull-types";
import { errorMessage } from "./fetch-review";
import { formatDateTime, shortSha } from "./format";

const CONCLUSION_WORDS: Record<string, string> = { success: "success (ship)", neutral: "neutral (hold)", failure: "failure (block)" };

/** A hold the repository publishes as failure says so, rather than reading as a block. */
function conclusionWords(conclusion: string, verdict: string | null): string {
  if (conclusion === "failure" && verdict === "hold") return "failure (hold, as this repository publishes holds)";
  return CONCLUSION_WORDS[conclusion] ?? conclusion;
}

export function PublishStatus({ slug, pullId, publication, canWrite }: Readonly<{ slug: string; pullId: string; publication: PullRequestDetail["publication"]; canWrite: boolean }>) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => fetchJson<unknown>(`${pullApi(slug, pullId)}/publish`, { method: "POST" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pullKeys.view(slug, pullId) }),
  });
  const state = publication?.state;
  if (!publication?.connected && !state) return null;
  const status = state?.status ?? "pending";
  return (
    <section
      data-testid="publish-status"
      data-status={status}
      aria-label="Publishing to GitHub"
      aria-live="polite"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800"
    >
      <span className="font-medium">GitHub</span>
      {!state || status === "pending" ? (
        <span className="flex items-center gap-2 text-zinc-600 dark:text-zinc-400">
          <Spinner label="Publishing to GitHub" />
          {state && state.attempts > 0
            ? `Try ${state.attempts} failed (${state.error ?? "no reason given"}); trying again${state.retryAt ? ` at ${formatDateTime(state.retryAt)}` : ""}.`
            : "Publishing the verdict to GitHub…"}
        </span>
      ) : status === "published" ? (
        <span className="text-zinc-700 dark:text-zinc-300">
          {state.conclusion ? `Check run "Gatehouse" published: ${conclusionWords(state.conclusion, state.verdict)}` : `Check run "Gatehouse" shows the review in progress`}
          {state.headSha ? ` for ${shortSha(state.headSha)}` : ""}
          {state.headSha && !state.current ? " (an older head)" : ""}.{" "}
          {state.checkRunUrl ? (
            <a className="text-indigo-700 underline dark:text-indigo-300" href={state.checkRunUrl} target="_blank" rel="noreferrer">
              View on GitHub
            </a>
          ) : null}
        </span>
      ) : (
        <>
          <ErrorText className="flex-1">{`Publishing to GitHub failed${state.attempts > 1 ? ` after ${state.attempts} tries` : ""}: ${state.error ?? "no reason was recorded"}`}</ErrorText>
          {canWrite ? (
            <Button variant="secondary" size="sm" onClick={() => retry.mutate()} disabled={retry.isPending}>
              {retry.isPending ? "Retrying…" : "Retry publishing"}
            </Button>
          ) : null}
        </>
      )}
      {retry.isError ? <ErrorText className="w-full">{errorMessage(retry.error)}</ErrorText> : null}
    </section>
  );
}

"use client";
/**
 * R12: which credential publishes a repository's verdicts — the GitHub App's
 * installation, the repository's token, or neither (publishing off, with what
 * to configure). Fetched on its own because it asks GitHub.
 */
import { Badge } from "@/components/ui/badge";
import { Spinner } from "@/components/ui/spinner";
import { usePublishingCredential } from "./repository-hooks";

const BADGE = {
  app: { tone: "green", text: "publishes as the GitHub App" },
  token: { tone: "amber", text: "publishes with the token" },
  none: { tone: "red", text: "publishing off" },
} as const;

export function PublishingCredential({ slug, repositoryId }: Readonly<{ slug: string; repositoryId: string }>) {
  const credential = usePublishingCredential(slug, repositoryId);
  if (credential.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-zinc-500 dark:text-zinc-400" data-testid="publishing-credential" data-credential="loading">
        <Spinner /> Checking how this repository publishes…
      </p>
    );
  }
  if (credential.isError) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="publishing-credential" data-credential="error">
        Could not check how this repository publishes: {credential.error.message}
      </p>
    );
  }
  const view = credential.data;
  const badge = BADGE[view.publishesWith];
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300" data-testid="publishing-credential" data-credential={view.publishesWith}>
      <Badge tone={badge.tone}>{badge.text}</Badge>
      <span>{view.message}</span>
    </p>
  );
}

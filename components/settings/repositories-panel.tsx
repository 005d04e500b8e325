"use client";
import { useState } from "react";
import type { RepositoryView } from "@/lib/repositories/schemas";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorText } from "@/components/ui/error-text";
import { InlineStatus } from "@/components/ui/inline-status";
import { Spinner } from "@/components/ui/spinner";
import { useCan, useWorkspace } from "@/components/workspaces/workspace-context";
import { ReadOnlyNote } from "./read-only-note";
import { GithubPublishingForm } from "./github-publishing-form";
import { PublishingCredential } from "./publishing-credential";
import { EditRepositoryForm } from "./edit-repository-form";
import { RegisterRepositoryForm } from "./register-repository-form";
import { useRepositories } from "./repository-hooks";

export function RepositoriesPanel({ initialRepositories, allowedRoots }: Readonly<{ initialRepositories: RepositoryView[]; allowedRoots: string[] }>) {
  const { workspace, role } = useWorkspace();
  const manage = useCan("manage");
  const repositories = useRepositories(workspace.slug, initialRepositories);
  const [status, setStatus] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const list = repositories.data ?? [];

  return (
    <div className="space-y-6">
      <Card
        title="Repositories"
        description="Gatehouse reads each repository into a mirror of its own; rooms and reviews work on that copy, never in your folder."
        actions={repositories.isFetching ? <Spinner label="Refreshing repositories" /> : null}
      >
        {!manage ? <ReadOnlyNote role={role} what="the repositories" /> : null}
        <ErrorText className="mb-3">{repositories.error ? "Repositories could not be loaded. Reload the page to try again." : null}</ErrorText>
        <InlineStatus>{status}</InlineStatus>
        {list.length === 0 ? (
          <EmptyState title="No repositories yet">
            {manage ? "Register one below: a git repository in an allowed folder on this server, or a remote URL." : "An admin can register one."}
          </EmptyState>
        ) : (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {list.map((repo) => (
              <li key={repo.id} className="py-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{repo.name}</span>
                  <Badge>branch {repo.defaultBranch}</Badge>
                  {repo.githubFullName ? <Badge tone="indigo">GitHub {repo.githubFullName}</Badge> : null}
                  {repo.githubFullName ? (
                    <Badge tone={repo.hasWebhookSecret ? "green" : "amber"}>{repo.hasWebhookSecret ? "webhook secret set" : "no webhook secret"}</Badge>
                  ) : null}
                  {manage && editing !== repo.id ? (
                    <Button size="sm" variant="secondary" className="ml-auto" data-testid="edit-repository" aria-label={`Edit ${repo.name}`} onClick={() => (setStatus(null), setEditing(repo.id))}>
                      Edit
                    </Button>
                  ) : null}
                </div>
                {editing === repo.id ? (
                  <EditRepositoryForm
                    slug={workspace.slug}
                    repo={repo}
                    onCancel={() => setEditing(null)}
                    onSaved={(saved) => {
                      setEditing(null);
                      setStatus(`${saved.name} was saved.`);
                    }}
                  />
                ) : null}
                {repo.githubFullName && !manage ? <PublishingCredential slug={workspace.slug} repositoryId={repo.id} /> : null}
                <dl className="mt-1 grid gap-x-4 text-sm text-zinc-600 sm:grid-cols-[auto_1fr] dark:text-zinc-400">
                  <dt className="text-zinc-500 dark:text-zinc-400">Path</dt>
                  <dd className="font-mono break-all">{repo.path ?? <span className="font-sans text-zinc-500 dark:text-zinc-400">none — read from its remote</span>}</dd>
                  {repo.remoteUrl ? (
                    <>
                      <dt className="text-zinc-500 dark:text-zinc-400">Remote</dt>
                      <dd className="font-mono break-all">{repo.remoteUrl}</dd>
                    </>
                  ) : null}
                </dl>
                {repo.githubFullName && manage ? <GithubPublishingForm slug={workspace.slug} repo={repo} onSaved={setStatus} /> : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {manage ? <RegisterRepositoryForm allowedRoots={allowedRoots} onRegistered={(repo) => setStatus(`${repo.name} was registered.`)} /> : null}
    </div>
  );
}

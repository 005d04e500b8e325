"use client";
/**
 * R12: how one repository publishes to GitHub — its token (write-only: shown
 * as set with its last 4 characters, never filled back in) and whether
 * anchored findings are posted as review comments. Where the token goes is
 * the operator's setting, not this form's.
 */
import { useId, useState } from "react";
import type { RepositoryView } from "@/lib/repositories/schemas";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { TextField } from "@/components/ui/field";
import { fieldErrors } from "@/components/ui/field-errors";
import { useSetGithubPublishing } from "./repository-hooks";

export function GithubPublishingForm({ slug, repo, onSaved }: Readonly<{ slug: string; repo: RepositoryView; onSaved: (message: string) => void }>) {
  const save = useSetGithubPublishing(slug, repo.id);
  const [token, setToken] = useState("");
  const errors = fieldErrors(save.error, ["token", "publishComments"]);
  const commentsId = useId();
  return (
    <form
      aria-label={`GitHub publishing for ${repo.name}`}
      className="mt-2 grid gap-2 rounded-md border border-zinc-200 p-3 sm:grid-cols-[1fr_auto] sm:items-end dark:border-zinc-800"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ token }, { onSuccess: () => (setToken(""), onSaved(`The GitHub token of ${repo.name} was saved.`)) });
      }}
    >
      <TextField
        label="GitHub token"
        name="githubToken"
        type="password"
        autoComplete="off"
        value={token}
        onChange={(e) => setToken(e.target.value)}
        placeholder={repo.githubToken.set ? `set, ending in ${repo.githubToken.last4 ?? "…"}` : "ghs_… or github_pat_…"}
        hint="Verdicts are published as the “Gatehouse” check run with it (check runs need a GitHub App token with checks:write; comments need pull_requests:write). It is never shown again."
        error={errors.fields.token}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={!token || save.isPending}>
          Save token
        </Button>
        {repo.githubToken.set ? (
          <Button type="button" variant="secondary" size="sm" disabled={save.isPending} onClick={() => save.mutate({ token: null }, { onSuccess: () => onSaved(`The GitHub token of ${repo.name} was removed.`) })}>
            Remove token
          </Button>
        ) : null}
      </div>
      <div className="flex items-center gap-2 text-sm sm:col-span-2">
        <Badge tone={repo.githubToken.set ? "green" : "amber"}>{repo.githubToken.set ? `token set · …${repo.githubToken.last4 ?? ""}` : "no token: nothing is published"}</Badge>
        <input
          id={commentsId}
          type="checkbox"
          checked={repo.publishComments}
          disabled={save.isPending}
          onChange={(e) => save.mutate({ publishComments: e.target.checked }, { onSuccess: () => onSaved(`Review comments for ${repo.name} are ${e.target.checked ? "on" : "off"}.`) })}
        />
        <label htmlFor={commentsId}>Also post anchored findings as review comments</label>
      </div>
      <ErrorText className="sm:col-span-2">{errors.form}</ErrorText>
    </form>
  );
}

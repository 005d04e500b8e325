"use client";
/**
 * R12: how one repository publishes to GitHub — which credential publishes
 * (the GitHub App's installation, found or set here; the token; or neither),
 * its token (write-only: shown as set with its last 4 characters, never filled
 * back in), whether anchored findings are posted as review comments, and what
 * a hold publishes as. Where tokens go is the operator's setting, not this form's.
 * The webhook secret GitHub signs deliveries with is write-only too; a new one
 * replaces a secret revoked with the admin who set it (H3).
 */
import { useId, useState } from "react";
import type { RepositoryView } from "@/lib/repositories/schemas";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { SelectField, TextField } from "@/components/ui/field";
import { fieldErrors } from "@/components/ui/field-errors";
import { PublishingCredential } from "./publishing-credential";
import { useSetGithubPublishing } from "./repository-hooks";

const HOLD_OPTIONS = [
  { value: "neutral", label: "neutral (default)" },
  { value: "failure", label: "failure" },
] as const;

export function GithubPublishingForm({ slug, repo, onSaved }: Readonly<{ slug: string; repo: RepositoryView; onSaved: (message: string) => void }>) {
  const save = useSetGithubPublishing(slug, repo.id);
  const [token, setToken] = useState("");
  const [secret, setSecret] = useState("");
  const [installation, setInstallation] = useState(repo.githubInstallationId ?? "");
  const errors = fieldErrors(save.error, ["token", "webhookSecret", "publishComments", "installationId", "holdAs"]);
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
        hint="Used when the GitHub App is not installed on the repository. It can post review comments (pull_requests:write), but GitHub lets only a GitHub App create check runs. It is never shown again."
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
      <TextField
        label="Webhook secret"
        name="webhookSecret"
        type="password"
        autoComplete="off"
        value={secret}
        onChange={(e) => setSecret(e.target.value)}
        placeholder={repo.hasWebhookSecret ? "set" : "not set: GitHub's deliveries are refused"}
        hint="The secret of the repository's webhook on GitHub (at least 16 characters); set the same one there. It is never shown again."
        error={errors.fields.webhookSecret}
      />
      <div className="flex gap-2">
        <Button
          type="button"
          size="sm"
          disabled={!secret || save.isPending}
          onClick={() => save.mutate({ webhookSecret: secret }, { onSuccess: () => (setSecret(""), onSaved(`The webhook secret of ${repo.name} was saved.`)) })}
        >
          Save secret
        </Button>
      </div>
      <div className="flex items-center gap-2 text-sm sm:col-span-2">
        <Badge tone={repo.githubToken.set ? "green" : "amber"}>{repo.githubToken.set ? `token set · …${repo.githubToken.last4 ?? ""}` : "no token"}</Badge>
        <input
          id={commentsId}
          type="checkbox"
          checked={repo.publishComments}
          disabled={save.isPending}
          onChange={(e) => save.mutate({ publishComments: e.target.checked }, { onSuccess: () => onSaved(`Review comments for ${repo.name} are ${e.target.checked ? "on" : "off"}.`) })}
        />
        <label htmlFor={commentsId}>Also post anchored findings as review comments</label>
      </div>
      <div className="sm:col-span-2">
        <PublishingCredential slug={slug} repositoryId={repo.id} />
      </div>
      <TextField
        label="GitHub App installation id (optional)"
        name="githubInstallationId"
        inputMode="numeric"
        value={installation}
        onChange={(e) => setInstallation(e.target.value)}
        placeholder="found by the app"
        hint="Leave empty and the GitHub App finds its installation on the repository; set it when the app is installed on several accounts."
        error={errors.fields.installationId}
      />
      <div className="flex gap-2">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={save.isPending || installation.trim() === (repo.githubInstallationId ?? "")}
          onClick={() => {
            const value = installation.trim();
            save.mutate({ installationId: value === "" ? null : value }, { onSuccess: () => onSaved(value ? `${repo.name} publishes with installation ${value}.` : `The GitHub App finds its installation on ${repo.name}.`) });
          }}
        >
          Save installation id
        </Button>
      </div>
      <SelectField
        className="sm:col-span-2"
        label="Publish a hold as"
        name="publishHoldAs"
        value={repo.publishHoldAs}
        options={HOLD_OPTIONS}
        disabled={save.isPending}
        onChange={(e) => {
          const holdAs = e.target.value as (typeof HOLD_OPTIONS)[number]["value"];
          save.mutate({ holdAs }, { onSuccess: () => onSaved(`A hold on ${repo.name} now publishes as ${holdAs}.`) });
        }}
        hint="GitHub's branch protection counts a neutral check as passing, so with neutral a hold does not stop the merge button; choose failure to make a required “Gatehouse” check block merging until the hold is resolved. The check's title still says Hold."
        error={errors.fields.holdAs}
      />
      <ErrorText className="sm:col-span-2">{errors.form}</ErrorText>
    </form>
  );
}

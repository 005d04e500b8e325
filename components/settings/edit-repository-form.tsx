"use client";
/**
 * Edit what registration set, with the same fields and the server's same
 * checks. Only changed fields are sent; emptying an optional one removes it.
 * The webhook secret (write-only) is set where the token is, in the GitHub
 * publishing form below.
 */
import { useState } from "react";
import type { RepositoryView, UpdateRepositoryBody } from "@/lib/repositories/schemas";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { TextField } from "@/components/ui/field";
import { fieldErrors } from "@/components/ui/field-errors";
import { useUpdateRepository } from "./repository-hooks";

const FIELDS = ["name", "path", "remoteUrl", "defaultBranch", "githubFullName"] as const;

export function EditRepositoryForm({ slug, repo, onSaved, onCancel }: Readonly<{ slug: string; repo: RepositoryView; onSaved: (repo: RepositoryView) => void; onCancel: () => void }>) {
  const update = useUpdateRepository(slug, repo.id);
  const initial = { name: repo.name, path: repo.path ?? "", remoteUrl: repo.remoteUrl ?? "", defaultBranch: repo.defaultBranch, githubFullName: repo.githubFullName ?? "" };
  const [form, setForm] = useState(initial);
  const errors = fieldErrors(update.error, FIELDS);
  const set = (field: keyof typeof initial) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  function changes(): UpdateRepositoryBody {
    const patch: Record<string, string | null> = {};
    for (const field of ["name", "path", "remoteUrl", "defaultBranch", "githubFullName"] as const) {
      if (form[field].trim() !== initial[field]) patch[field] = form[field].trim() || null;
    }
    return patch as UpdateRepositoryBody;
  }

  return (
    <form
      data-testid="edit-repository-form"
      className="mt-3 grid gap-4 rounded-md border border-zinc-200 p-3 sm:grid-cols-2 dark:border-zinc-800"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(changes(), { onSuccess: onSaved });
      }}
    >
      <TextField label="Name" name="name" required value={form.name} onChange={set("name")} error={errors.fields.name} />
      <TextField label="Default branch" name="defaultBranch" required value={form.defaultBranch} onChange={set("defaultBranch")} hint="One of the repository's branches." error={errors.fields.defaultBranch} />
      <TextField label="Path on the server" name="path" value={form.path} onChange={set("path")} hint="Empty: read from the remote URL only." error={errors.fields.path} />
      <TextField label="Remote URL" name="remoteUrl" value={form.remoteUrl} onChange={set("remoteUrl")} hint="https://…, ssh://… or git@host:owner/repo.git." error={errors.fields.remoteUrl} />
      <TextField label="GitHub repository" name="githubFullName" value={form.githubFullName} onChange={set("githubFullName")} hint="owner/name, to match webhook deliveries." error={errors.fields.githubFullName} />
      <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
        <ErrorText className="w-full">{errors.form}</ErrorText>
        <Button type="submit" data-testid="save-repository" loading={update.isPending}>
          Save changes
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

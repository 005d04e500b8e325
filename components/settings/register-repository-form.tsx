"use client";
import { useState } from "react";
import type { RepositoryView } from "@/lib/repositories/schemas";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorText } from "@/components/ui/error-text";
import { TextField } from "@/components/ui/field";
import { fieldErrors } from "@/components/ui/field-errors";
import { useWorkspace } from "@/components/workspaces/workspace-context";
import { useRegisterRepository } from "./repository-hooks";

const EMPTY = { name: "", path: "", remoteUrl: "", defaultBranch: "", githubFullName: "", webhookSecret: "" };
const FIELDS = Object.keys(EMPTY);

export function RegisterRepositoryForm({ onRegistered }: Readonly<{ onRegistered: (repo: RepositoryView) => void }>) {
  const { workspace } = useWorkspace();
  const register = useRegisterRepository(workspace.slug);
  const [form, setForm] = useState(EMPTY);
  const errors = fieldErrors(register.error, FIELDS);
  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  return (
    <Card title="Register a repository" description="The path must be a git repository on the server (a clone, or one made with git init).">
      <form
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          register.mutate(form, {
            onSuccess: (repo) => {
              setForm(EMPTY);
              onRegistered(repo);
            },
          });
        }}
      >
        <TextField label="Name" name="name" required value={form.name} onChange={set("name")} placeholder="gatehouse" error={errors.fields.name} />
        <TextField
          label="Path on the server"
          name="path"
          required
          value={form.path}
          onChange={set("path")}
          placeholder="/srv/git/gatehouse"
          error={errors.fields.path}
        />
        <TextField
          label="Remote URL (optional)"
          name="remoteUrl"
          value={form.remoteUrl}
          onChange={set("remoteUrl")}
          placeholder="https://github.com/acme/gatehouse.git"
          hint="Where pull-request heads are fetched from."
          error={errors.fields.remoteUrl}
        />
        <TextField
          label="Default branch"
          name="defaultBranch"
          value={form.defaultBranch}
          onChange={set("defaultBranch")}
          placeholder="main"
          error={errors.fields.defaultBranch}
        />
        <TextField
          label="GitHub repository (optional)"
          name="githubFullName"
          value={form.githubFullName}
          onChange={set("githubFullName")}
          placeholder="acme/gatehouse"
          hint="owner/name, to match webhook deliveries."
          error={errors.fields.githubFullName}
        />
        <TextField
          label="Webhook secret (optional)"
          name="webhookSecret"
          type="password"
          autoComplete="new-password"
          value={form.webhookSecret}
          onChange={set("webhookSecret")}
          hint="At least 16 characters. Stored on the server and never shown again."
          error={errors.fields.webhookSecret}
        />
        <div className="sm:col-span-2">
          <ErrorText className="mb-3">{errors.form}</ErrorText>
          <Button type="submit" loading={register.isPending}>
            Register repository
          </Button>
        </div>
      </form>
    </Card>
  );
}

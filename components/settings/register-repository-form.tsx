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

export function RegisterRepositoryForm({
  onRegistered,
  allowedRoots,
}: Readonly<{ onRegistered: (repo: RepositoryView) => void; allowedRoots: string[] }>) {
  const { workspace } = useWorkspace();
  const register = useRegisterRepository(workspace.slug);
  const [form, setForm] = useState(EMPTY);
  const errors = fieldErrors(register.error, FIELDS);
  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  return (
    <Card
      title="Register a repository"
      description="Give a git repository in a folder on the server, its remote URL, or both (a clone plus the forge its pull requests come from). Gatehouse reads it into a mirror of its own."
    >
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
          label="Path on the server (optional)"
          name="path"
          value={form.path}
          onChange={set("path")}
          placeholder={allowedRoots[0] ? `${allowedRoots[0]}/gatehouse` : "/srv/git/gatehouse"}
          hint={
            allowedRoots.length > 0
              ? `Inside ${allowedRoots.join(" or ")}; never Gatehouse's data or another workspace's repository.`
              : "This server allows no folders (the operator sets GATEHOUSE_REPOSITORY_ROOTS); use the remote URL."
          }
          error={errors.fields.path}
        />
        <TextField
          label="Remote URL (optional)"
          name="remoteUrl"
          value={form.remoteUrl}
          onChange={set("remoteUrl")}
          placeholder="https://github.com/acme/gatehouse.git"
          hint="https://…, ssh://… or git@host:owner/repo.git. Without a path, Gatehouse reads the repository from here; pull-request heads come from here too."
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

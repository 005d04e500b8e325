"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorText } from "@/components/ui/error-text";
import { TextField } from "@/components/ui/field";
import { fieldErrors } from "@/components/ui/field-errors";
import { useCreateWorkspace } from "./workspace-hooks";

export function CreateWorkspaceForm({ first }: Readonly<{ first: boolean }>) {
  const router = useRouter();
  const [name, setName] = useState("");
  const create = useCreateWorkspace();
  const errors = fieldErrors(create.error, ["name"]);

  return (
    <Card title={first ? "Create your first workspace" : "Create a workspace"} description="You become its owner and can add members afterwards.">
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ name }, { onSuccess: (workspace) => router.push(`/w/${workspace.slug}`) });
        }}
      >
        <TextField
          label="Workspace name"
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. Platform team"
          required
          maxLength={60}
          error={errors.fields.name}
          className="flex-1"
          hideLabel
        />
        <Button type="submit" loading={create.isPending || create.isSuccess}>
          Create workspace
        </Button>
      </form>
      <ErrorText className="mt-3">{errors.form}</ErrorText>
    </Card>
  );
}

"use client";
import { useState } from "react";
import { canGrant, type Role } from "@/lib/auth/permissions";
import { ROLES, type MemberView } from "@/lib/members/schemas";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorText } from "@/components/ui/error-text";
import { SelectField, TextField } from "@/components/ui/field";
import { fieldErrors } from "@/components/ui/field-errors";
import { useWorkspace } from "@/components/workspaces/workspace-context";
import { useAddMember } from "./member-hooks";

const ROLE_HINT: Record<Role, string> = {
  owner: "Owners can do everything, including managing other owners.",
  admin: "Admins manage members, agents and repositories.",
  member: "Members post, switch modes and decide approvals.",
  viewer: "Viewers read rooms and settings but change nothing.",
};

export function AddMemberForm({ onAdded }: Readonly<{ onAdded: (member: MemberView) => void }>) {
  const { workspace, role: myRole } = useWorkspace();
  const add = useAddMember(workspace.slug);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("member");
  const errors = fieldErrors(add.error, ["email", "role"]);

  return (
    <Card title="Add a member" description="They need a Gatehouse account first; add them by the email they signed up with.">
      <form
        className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(
            { email, role },
            {
              onSuccess: (member) => {
                setEmail("");
                onAdded(member);
              },
            },
          );
        }}
      >
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="off"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.fields.email}
        />
        <SelectField
          label="Role"
          name="role"
          value={role}
          onChange={(e) => setRole(e.target.value as Role)}
          options={ROLES.filter((r) => canGrant(myRole, r)).map((r) => ({ value: r, label: r }))}
          error={errors.fields.role}
        />
        <Button type="submit" loading={add.isPending} className="sm:mt-6">
          Add member
        </Button>
      </form>
      <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">{ROLE_HINT[role]}</p>
      <ErrorText className="mt-3">{errors.form}</ErrorText>
    </Card>
  );
}

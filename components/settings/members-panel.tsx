"use client";
/**
 * Members of the workspace. Everyone sees the list; admins and owners add by
 * email, change roles (only to roles they hold or below) and remove. The last
 * owner's controls are disabled, and the API enforces all of it regardless.
 */
import { useRouter } from "next/navigation";
import { useState } from "react";
import { can, canGrant, type Role } from "@/lib/auth/permissions";
import { ROLES, type MemberView } from "@/lib/members/schemas";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { ErrorText } from "@/components/ui/error-text";
import { SelectField } from "@/components/ui/field";
import { fieldErrors } from "@/components/ui/field-errors";
import { InlineStatus } from "@/components/ui/inline-status";
import { Spinner } from "@/components/ui/spinner";
import { RoleBadge } from "@/components/workspaces/role-badge";
import { useWorkspace } from "@/components/workspaces/workspace-context";
import { AddMemberForm } from "./add-member-form";
import { useChangeRole, useMembers, useRemoveMember } from "./member-hooks";
import { ReadOnlyNote } from "./read-only-note";

export function MembersPanel({ initialMembers }: Readonly<{ initialMembers: MemberView[] }>) {
  const { workspace, role: myRole, user } = useWorkspace();
  const router = useRouter();
  const members = useMembers(workspace.slug, initialMembers);
  const changeRole = useChangeRole(workspace.slug);
  const removeMember = useRemoveMember(workspace.slug);
  const [status, setStatus] = useState<string | null>(null);
  const [removing, setRemoving] = useState<MemberView | null>(null);
  const manage = can(myRole, "manage");
  const list = members.data ?? [];
  const owners = list.filter((m) => m.role === "owner").length;
  const rowError = fieldErrors(changeRole.error ?? removeMember.error, []).form;

  function onRoleChange(member: MemberView, role: Role) {
    setStatus(null);
    changeRole.mutate(
      { memberId: member.id, role },
      {
        onSuccess: (updated) => {
          setStatus(`${updated.user.name} is now ${updated.role === "admin" || updated.role === "owner" ? "an" : "a"} ${updated.role}.`);
          // Your own role changed: the page's controls must follow it.
          if (updated.user.id === user.id) router.refresh();
        },
      },
    );
  }

  function confirmRemove() {
    const member = removing;
    if (!member) return;
    setStatus(null);
    removeMember.mutate(member.id, {
      onSuccess: () => {
        setRemoving(null);
        setStatus(`${member.user.name} was removed from ${workspace.name}.`);
        if (member.user.id === user.id) router.push("/w");
      },
    });
  }

  return (
    <div className="space-y-6">
      <Card
        title="Members"
        description={`${list.length} ${list.length === 1 ? "person has" : "people have"} access to ${workspace.name}.`}
        actions={members.isFetching ? <Spinner label="Refreshing members" /> : null}
      >
        {!manage ? <ReadOnlyNote role={myRole} what="who is in this workspace" /> : null}
        <ErrorText className="mb-3">{members.error ? "Members could not be loaded. Reload the page to try again." : rowError}</ErrorText>
        <InlineStatus>{status}</InlineStatus>
        <div className="-mx-1 overflow-x-auto px-1">
          <table className="w-full min-w-[28rem] text-left text-sm">
            <caption className="sr-only">Members of {workspace.name}</caption>
            <thead className="text-xs uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Person
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Role
                </th>
                {manage ? (
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {list.map((member) => {
                const lastOwner = member.role === "owner" && owners === 1;
                const editable = manage && canGrant(myRole, member.role);
                return (
                  <tr key={member.id}>
                    <td className="py-3 pr-4">
                      <span className="block font-medium">
                        {member.user.name}
                        {member.user.id === user.id ? <span className="ml-1 text-zinc-500 dark:text-zinc-400">(you)</span> : null}
                      </span>
                      <span className="block text-zinc-500 dark:text-zinc-400">{member.user.email}</span>
                    </td>
                    <td className="py-3 pr-4">
                      {editable && !lastOwner ? (
                        <SelectField
                          label={`Role of ${member.user.name}`}
                          hideLabel
                          value={member.role}
                          disabled={changeRole.isPending}
                          onChange={(e) => onRoleChange(member, e.target.value as Role)}
                          options={ROLES.filter((r) => canGrant(myRole, r)).map((r) => ({ value: r, label: r }))}
                          className="w-32"
                        />
                      ) : (
                        <span className="flex items-center gap-2">
                          <RoleBadge role={member.role} />
                          {manage && lastOwner ? <span className="text-xs text-zinc-500 dark:text-zinc-400">last owner</span> : null}
                        </span>
                      )}
                    </td>
                    {manage ? (
                      <td className="py-3 text-right">
                        {editable && !lastOwner ? (
                          <Button variant="ghost" size="sm" onClick={() => setRemoving(member)} aria-label={`Remove ${member.user.name}`}>
                            Remove
                          </Button>
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </Card>

      {manage ? <AddMemberForm onAdded={(m) => setStatus(`${m.user.name} was added as ${m.role === "admin" || m.role === "owner" ? "an" : "a"} ${m.role}.`)} /> : null}

      <Dialog
        open={removing !== null}
        onClose={() => {
          setRemoving(null);
          removeMember.reset();
        }}
        title={removing?.user.id === user.id ? `Leave ${workspace.name}?` : `Remove ${removing?.user.name ?? ""}?`}
        description={
          removing?.user.id === user.id
            ? "You lose access to this workspace at once. Someone with admin rights would have to add you again."
            : `${removing?.user.name ?? ""} loses access to ${workspace.name} at once. Their past messages and approvals stay.`
        }
      >
        <ErrorText className="mb-3">{fieldErrors(removeMember.error, []).form}</ErrorText>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setRemoving(null)} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" loading={removeMember.isPending} onClick={confirmRemove}>
            Remove
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

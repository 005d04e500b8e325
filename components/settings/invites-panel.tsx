"use client";
/**
 * Invite people by link or by email address, with a role and an expiry. The
 * link is shown once, right after it is made (only its hash is stored); there
 * is no mail server, so the inviter sends it. Pending invites are listed and
 * can be revoked.
 */
import { useState } from "react";
import { canGrant, type Role } from "@/lib/auth/permissions";
import type { InviteView } from "@/lib/invites/schemas";
import { ROLES } from "@/lib/members/schemas";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorText } from "@/components/ui/error-text";
import { SelectField, TextField } from "@/components/ui/field";
import { fieldErrors } from "@/components/ui/field-errors";
import { useWorkspace } from "@/components/workspaces/workspace-context";
import { useCreateInvite, useInvites, useRevokeInvite } from "./invite-hooks";

const EXPIRY = [1, 7, 30] as const;

export function InvitesPanel({ initialInvites }: Readonly<{ initialInvites: InviteView[] }>) {
  const { workspace, role: myRole } = useWorkspace();
  const invites = useInvites(workspace.slug, initialInvites);
  const create = useCreateInvite(workspace.slug);
  const revoke = useRevokeInvite(workspace.slug);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("member");
  const [days, setDays] = useState<number>(7);
  const [link, setLink] = useState<string | null>(null);
  const errors = fieldErrors(create.error, ["email", "role", "expiresInDays"]);

  return (
    <div id="invite">
    <Card title="Invite people" description="Make a link for anyone you send it to, or one bound to an email address. They join with it after signing up or signing in.">
      <form
        className="grid gap-3 sm:grid-cols-[1fr_9rem_8rem_auto] sm:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(
            { email: email || undefined, role, expiresInDays: days },
            {
              onSuccess: (made) => {
                setEmail("");
                setLink(new URL(made.path, window.location.origin).toString());
              },
            },
          );
        }}
      >
        <TextField
          label="Email (optional)"
          type="email"
          name="invite-email"
          autoComplete="off"
          placeholder="Leave empty for a link"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.fields.email}
        />
        <SelectField
          label="Role"
          name="invite-role"
          value={role}
          onChange={(e) => setRole(e.target.value as Role)}
          options={ROLES.filter((r) => canGrant(myRole, r)).map((r) => ({ value: r, label: r }))}
          error={errors.fields.role}
        />
        <SelectField
          label="Expires in"
          name="invite-expiry"
          value={String(days)}
          onChange={(e) => setDays(Number(e.target.value))}
          options={EXPIRY.map((d) => ({ value: String(d), label: d === 1 ? "1 day" : `${d} days` }))}
          error={errors.fields.expiresInDays}
        />
        <Button type="submit" loading={create.isPending} className="sm:mt-6">
          Create invite
        </Button>
      </form>
      <ErrorText className="mt-3">{errors.form}</ErrorText>
      {link ? (
        <div className="mt-3 rounded-md bg-emerald-50 p-3 text-sm dark:bg-emerald-950/40" role="status">
          <p className="font-medium">Invite link (shown once — copy it now):</p>
          <input
            aria-label="Invite link"
            data-testid="invite-link"
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
            className="mt-1 w-full rounded border border-zinc-300 bg-white px-2 py-1 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-900"
          />
          <Button variant="secondary" className="mt-2" onClick={() => void navigator.clipboard?.writeText(link)}>
            Copy link
          </Button>
        </div>
      ) : null}

      <h3 className="mt-6 text-sm font-semibold">Pending invites</h3>
      {(invites.data ?? []).length === 0 ? (
        <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">No pending invites.</p>
      ) : (
        <ul className="mt-2 divide-y divide-zinc-200 dark:divide-zinc-800" aria-label="Pending invites">
          {(invites.data ?? []).map((invite) => (
            <li key={invite.id} data-testid="pending-invite" className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-medium">{invite.email ?? "Anyone with the link"}</span> · {invite.role} · expires{" "}
                {new Date(invite.expiresAt).toLocaleDateString()}
              </span>
              <Button variant="secondary" loading={revoke.isPending && revoke.variables === invite.id} onClick={() => revoke.mutate(invite.id)}>
                Revoke<span className="sr-only"> the invite {invite.email ? `for ${invite.email}` : "link"}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ErrorText className="mt-3">{revoke.error?.message ?? null}</ErrorText>
    </Card>
    </div>
  );
}

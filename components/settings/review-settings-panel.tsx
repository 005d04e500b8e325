"use client";
/**
 * R3: how many confirmations from people other than its author a finding of
 * each priority needs before it is consensus-ready. Everyone sees the numbers;
 * admins and owners change them (1–5 each). Saving settles every open finding
 * again and re-forms the verdicts that name findings lacking consensus.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { RequiredConfirmations } from "@/lib/reviews/required-confirmations";
import type { RequiredConfirmationsOutcome } from "@/lib/reviews/set-required-confirmations";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorText } from "@/components/ui/error-text";
import { TextField } from "@/components/ui/field";
import { ApiError, fetchJson } from "@/components/ui/fetch-json";
import { useWorkspace } from "@/components/workspaces/workspace-context";
import { workspaceApi, workspaceKeys } from "@/components/workspaces/keys";

const PRIORITIES = [
  { id: "P0", words: "blocks release" },
  { id: "P1", words: "high" },
  { id: "P2", words: "medium" },
  { id: "P3", words: "nice to have" },
] as const;
type Priority = (typeof PRIORITIES)[number]["id"];

export function ReviewSettingsPanel({ initial, canManage }: Readonly<{ initial: RequiredConfirmations; canManage: boolean }>) {
  const { workspace } = useWorkspace();
  const queryClient = useQueryClient();
  const key = [...workspaceKeys.detail(workspace.slug), "review-settings"];
  const url = `${workspaceApi(workspace.slug)}/review-settings`;
  const view = useQuery({ queryKey: key, queryFn: async () => (await fetchJson<{ requiredConfirmations: RequiredConfirmations }>(url)).requiredConfirmations, initialData: initial });
  const [draft, setDraft] = useState<Record<Priority, string>>(() => toDraft(initial));
  const [notice, setNotice] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (next: Record<Priority, number>) => fetchJson<RequiredConfirmationsOutcome>(url, { method: "PUT", json: { requiredConfirmations: next } }),
    onSuccess: (outcome) => {
      queryClient.setQueryData(key, outcome.requiredConfirmations);
      const n = outcome.moved.length;
      setNotice(`Saved. ${n === 0 ? "No open finding changed status." : `${n} open finding${n === 1 ? "" : "s"} changed status.`}`);
    },
  });
  const errors = issuesByPriority(save.error);

  return (
    <Card
      title="Required confirmations"
      description="How many people other than a finding's author must confirm it before it is consensus-ready, per priority. The verdict names the findings that still lack consensus."
    >
      <form
        className="space-y-4"
        // The server's words (R3: "at least one confirmation") show beside the field, not the browser's tooltip.
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setNotice(null);
          save.mutate(Object.fromEntries(PRIORITIES.map((p) => [p.id, Number(draft[p.id])])) as Record<Priority, number>);
        }}
      >
        <div className="grid gap-3 sm:grid-cols-4">
          {PRIORITIES.map((p) => (
            <TextField
              key={p.id}
              label={`${p.id} (${p.words})`}
              name={`required-${p.id}`}
              data-testid={`required-${p.id}`}
              type="number"
              inputMode="numeric"
              min={1}
              max={5}
              step={1}
              required
              readOnly={!canManage}
              value={canManage ? draft[p.id] : String(view.data[p.id])}
              onChange={(e) => setDraft((d) => ({ ...d, [p.id]: e.target.value }))}
              error={errors.fields[p.id]}
            />
          ))}
        </div>
        {canManage ? (
          <div className="flex items-center gap-3">
            <Button type="submit" loading={save.isPending} data-testid="required-save">
              Save
            </Button>
            <p role="status" aria-live="polite" data-testid="required-status" className="text-sm text-emerald-700 empty:hidden dark:text-emerald-400">
              {notice ?? ""}
            </p>
          </div>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Admins and owners change these numbers.</p>
        )}
        <ErrorText>{errors.form}</ErrorText>
      </form>
    </Card>
  );
}

function toDraft(value: RequiredConfirmations): Record<Priority, string> {
  return Object.fromEntries(PRIORITIES.map((p) => [p.id, String(value[p.id])])) as Record<Priority, string>;
}

/** The server's zod issues ("requiredConfirmations.P0") beside the field they name; anything else for the form. */
function issuesByPriority(error: unknown): { fields: Partial<Record<Priority, string>>; form: string | null } {
  if (!error) return { fields: {}, form: null };
  if (!(error instanceof ApiError)) return { fields: {}, form: "The server could not be reached. Check your connection and try again." };
  const fields: Partial<Record<Priority, string>> = {};
  for (const issue of error.issues ?? []) {
    const priority = issue.path.split(".")[1] as Priority | undefined;
    if (priority && PRIORITIES.some((p) => p.id === priority)) fields[priority] ??= issue.message;
  }
  return { fields, form: Object.keys(fields).length > 0 ? null : error.message };
}

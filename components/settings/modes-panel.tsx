"use client";
/**
 * Workspace settings → Modes (X1–X4, G7, G8): declare, edit, disable and
 * remove the workspace's own modes, load them from a repository, let agents
 * switch modes, pick the default mode. The whole policy is validated by the
 * server's one schema; each issue shows beside the field it names. Before a
 * policy is saved people see what it changes: "Preview surfaces" in the form,
 * and a confirmation with the preview for Disable, Remove and loading a
 * repository's file — which modes change for which agent, and which rooms
 * change mode and how (a room whose mode widens waits for a person).
 */
import { useState } from "react";
import type { ModePolicyView } from "@/lib/mode-policy/get-mode-policy";
import type { LimitChange, PolicyPreview, RoomChange } from "@/lib/mode-policy/preview-mode-policy";
import type { DeclaredModeInput, ModePolicyInput } from "@/lib/modes/declared";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorText } from "@/components/ui/error-text";
import { ApiError } from "@/components/ui/fetch-json";
import { InlineStatus } from "@/components/ui/inline-status";
import { SelectField, TextAreaField, TextField } from "@/components/ui/field";
import { useCan, useWorkspace } from "@/components/workspaces/workspace-context";
import { useImportModePolicy, useModePolicy, usePreviewModePolicy, usePreviewModePolicyImport, useSaveModePolicy } from "./mode-hooks";
import { useRepositories } from "./repository-hooks";
import { ReadOnlyNote } from "./read-only-note";

type Draft = Required<Pick<DeclaredModeInput, "id" | "label" | "extends">> & {
  description: string;
  icon: string;
  accent: string;
  systemPrompt: string;
  tools: string;
  maxTurns: string;
  timeoutSeconds: string;
  readOnly: boolean;
  disabled: boolean;
};

const EMPTY: Draft = { id: "", label: "", extends: "chat", description: "", icon: "●", accent: "#64748b", systemPrompt: "", tools: "", maxTurns: "", timeoutSeconds: "", readOnly: false, disabled: false };

function toDraft(mode: ModePolicyView["policy"]["modes"][number]): Draft {
  return {
    ...mode,
    tools: mode.tools?.join(", ") ?? "",
    maxTurns: mode.maxTurns?.toString() ?? "",
    timeoutSeconds: mode.timeoutSeconds?.toString() ?? "",
  };
}

const number = (text: string) => (text.trim() === "" ? null : Number(text));

function fromDraft(draft: Draft): DeclaredModeInput {
  const tools = draft.tools.trim() === "" ? null : draft.tools.split(/[\s,]+/).filter(Boolean);
  return { ...draft, tools, maxTurns: number(draft.maxTurns), timeoutSeconds: number(draft.timeoutSeconds) };
}

export function ModesPanel({ initial }: Readonly<{ initial: ModePolicyView }>) {
  const { workspace, role } = useWorkspace();
  const manage = useCan("manage");
  const policy = useModePolicy(workspace.slug, initial);
  const saved = policy.data ?? initial;
  const save = useSaveModePolicy(workspace.slug);
  const preview = usePreviewModePolicy(workspace.slug);
  const [editing, setEditing] = useState<{ index: number; draft: Draft } | null>(null);
  const [settings, setSettings] = useState(() => ({
    agentCanSwitchMode: saved.policy.agentCanSwitchMode,
    switchCancelSeconds: String(saved.policy.switchCancelSeconds),
    defaultMode: saved.policy.defaultMode ?? "",
  }));
  const [status, setStatus] = useState<string | null>(null);
  // G8: Disable, Enable and Remove save only after people saw what the change does.
  const [confirming, setConfirming] = useState<{ title: string; verb: string; policy: ModePolicyInput } | null>(null);
  const confirmPreview = usePreviewModePolicy(workspace.slug);

  const modesWith = (edit: typeof editing): DeclaredModeInput[] => {
    const modes: DeclaredModeInput[] = saved.policy.modes.map((m) => ({ ...m }));
    if (edit) modes[edit.index] = fromDraft(edit.draft);
    return modes;
  };
  const draftPolicy = (edit = editing): ModePolicyInput => ({
    modes: modesWith(edit),
    workspaceGrants: saved.policy.workspaceGrants,
    agentCanSwitchMode: settings.agentCanSwitchMode,
    switchCancelSeconds: number(settings.switchCancelSeconds) ?? undefined,
    defaultMode: settings.defaultMode || null,
  });
  /** The saved policy with one mode disabled, enabled or removed (a default that named it falls back). */
  const policyWithout = (index: number, change: "toggle" | "remove"): ModePolicyInput => {
    const mode = saved.policy.modes[index]!;
    const modes = saved.policy.modes.flatMap((m, i) => (i !== index ? [{ ...m }] : change === "remove" ? [] : [{ ...m, disabled: !m.disabled }]));
    const gone = change === "remove" || !mode.disabled;
    return { ...saved.policy, modes, defaultMode: gone && saved.policy.defaultMode === mode.id ? null : saved.policy.defaultMode };
  };
  function confirm(index: number, change: "toggle" | "remove") {
    const mode = saved.policy.modes[index]!;
    const verb = change === "remove" ? "Remove" : mode.disabled ? "Enable" : "Disable";
    const policy = policyWithout(index, change);
    setStatus(null);
    save.reset();
    setConfirming({ title: `${verb} ${mode.label}?`, verb, policy });
    confirmPreview.mutate(policy);
  }
  function closeConfirm() {
    setConfirming(null);
    confirmPreview.reset();
    save.reset();
  }

  const issues = (save.error instanceof ApiError ? save.error.issues : null) ?? (preview.error instanceof ApiError ? preview.error.issues : null) ?? [];
  const fieldError = (field: string) => {
    const path = editing ? `modes.${editing.index}.${field}` : null;
    return issues.find((i) => i.path === path || (path && i.path.startsWith(`${path}.`)))?.message;
  };
  const topError = (field: string) => issues.find((i) => i.path === field)?.message;
  const otherErrors = issues.filter((i) => !(editing && i.path.startsWith(`modes.${editing.index}.`)) && !["defaultMode", "switchCancelSeconds"].includes(i.path));

  function submit(edit = editing, policy: ModePolicyInput = draftPolicy(edit)) {
    setStatus(null);
    const before = saved.defaultMode;
    save.mutate(policy, {
      onSuccess: (next) => {
        setEditing(null);
        preview.reset();
        closeConfirm();
        // X1: a save that moves where fresh rooms start says so.
        const moved = next && next.defaultMode !== before ? ` New rooms now start in ${next.selectable.find((m) => m.id === next.defaultMode)?.label ?? next.defaultMode} (${DEFAULT_REASON[next.defaultReason]}).` : "";
        setStatus(`Saved. Rooms whose mode narrows changed at once; a room whose mode widens waits for a person's approval in the room.${moved}`);
      },
    });
  }

  const set = (patch: Partial<Draft>) => setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...patch } } : e));
  const draft = editing?.draft;

  return (
    <div className="space-y-6">
      <Card title="Modes" description="Besides Agent, Plan and Orchestrate, a workspace can declare its own modes. Each extends a built-in and can only narrow it: fewer tools, a read-only worktree, a lower tier.">
        {!manage ? <ReadOnlyNote role={role} what="the modes" /> : null}
        <InlineStatus>{status}</InlineStatus>
        <ul data-testid="declared-modes" className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {saved.policy.modes.length === 0 ? <li className="py-3 text-sm text-zinc-500 dark:text-zinc-400">No declared modes yet.</li> : null}
          {saved.policy.modes.map((mode, index) => (
            <li key={mode.id} data-testid="declared-mode" data-mode={mode.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
              <div>
                <span aria-hidden="true" style={{ color: mode.accent }}>
                  {mode.icon}
                </span>{" "}
                <strong>{mode.label}</strong> <code className="text-xs text-zinc-500 dark:text-zinc-400">{mode.id}</code>
                <span className="ml-2 text-xs text-zinc-500 dark:text-zinc-400">
                  extends {mode.extends}
                  {mode.readOnly ? " · read-only" : ""}
                  {mode.tools ? ` · ${mode.tools.length} granted tools` : " · no grants"}
                  {mode.disabled ? " · disabled" : ""}
                </span>
              </div>
              {manage ? (
                <div className="flex gap-2">
                  <Button size="sm" variant="secondary" onClick={() => setEditing({ index, draft: toDraft(mode) })}>
                    Edit
                  </Button>
                  <Button size="sm" variant="secondary" data-testid="toggle-mode" onClick={() => confirm(index, "toggle")}>
                    {mode.disabled ? "Enable" : "Disable"}
                  </Button>
                  <Button size="sm" variant="ghost" data-testid="remove-mode" onClick={() => confirm(index, "remove")}>
                    Remove
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
        {manage && !editing ? (
          <Button className="mt-3" data-testid="declare-mode" onClick={() => setEditing({ index: saved.policy.modes.length, draft: { ...EMPTY } })}>
            Declare a mode
          </Button>
        ) : null}
      </Card>

      {confirming ? (
        <Card title={confirming.title} description="Nothing is saved until you confirm. Rooms in a mode that widens keep their current mode until a person approves the switch in the room.">
          <div data-testid="mode-confirm">
            {confirmPreview.isPending ? <p className="text-sm text-zinc-600 dark:text-zinc-400">Working out what changes…</p> : null}
            <ErrorText>{confirmPreview.error ? confirmPreview.error.message : save.error ? save.error.message : null}</ErrorText>
            {confirmPreview.data ? <PreviewTable preview={confirmPreview.data} /> : null}
            <div className="mt-4 flex flex-wrap gap-2">
              <Button data-testid="confirm-mode-change" disabled={!confirmPreview.data} loading={save.isPending} onClick={() => submit(null, confirming.policy)}>
                {confirming.verb}
              </Button>
              <Button variant="ghost" onClick={closeConfirm}>
                Cancel
              </Button>
            </div>
          </div>
        </Card>
      ) : null}

      {editing && draft ? (
        <Card title={editing.index < saved.policy.modes.length ? `Edit ${draft.label || draft.id}` : "Declare a mode"}>
          <form
            data-testid="mode-form"
            className="grid gap-3 sm:grid-cols-2"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <TextField label="Id" name="id" value={draft.id} onChange={(e) => set({ id: e.target.value })} error={fieldError("id")} hint="Lower case, e.g. security-audit" />
            <TextField label="Label" name="label" value={draft.label} onChange={(e) => set({ label: e.target.value })} error={fieldError("label")} />
            <SelectField
              label="Extends"
              name="extends"
              value={draft.extends}
              onChange={(e) => set({ extends: e.target.value as Draft["extends"] })}
              error={fieldError("extends")}
              hint="Fixes the posture ceiling and what the mode delivers."
              options={[
                { value: "chat", label: "Agent (chat)" },
                { value: "plan", label: "Plan" },
                { value: "orchestrate", label: "Orchestrate" },
              ]}
            />
            <TextField label="Tool grants" name="tools" value={draft.tools} onChange={(e) => set({ tools: e.target.value })} error={fieldError("tools")} hint="Comma-separated; blank = no restriction beyond the built-in." />
            <TextField label="Icon" name="icon" value={draft.icon} onChange={(e) => set({ icon: e.target.value })} error={fieldError("icon")} />
            <TextField label="Accent" name="accent" value={draft.accent} onChange={(e) => set({ accent: e.target.value })} error={fieldError("accent")} hint="#rrggbb" />
            <TextField label="Max turns" name="maxTurns" inputMode="numeric" value={draft.maxTurns} onChange={(e) => set({ maxTurns: e.target.value })} error={fieldError("maxTurns")} />
            <TextField label="Timeout (seconds)" name="timeoutSeconds" inputMode="numeric" value={draft.timeoutSeconds} onChange={(e) => set({ timeoutSeconds: e.target.value })} error={fieldError("timeoutSeconds")} />
            <TextAreaField className="sm:col-span-2" label="Description" name="description" rows={2} value={draft.description} onChange={(e) => set({ description: e.target.value })} error={fieldError("description")} />
            <TextAreaField className="sm:col-span-2" label="System prompt" name="systemPrompt" rows={3} value={draft.systemPrompt} onChange={(e) => set({ systemPrompt: e.target.value })} error={fieldError("systemPrompt")} hint="About the work, not the tools: the capability block lists the tools." />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="readOnly" checked={draft.readOnly} onChange={(e) => set({ readOnly: e.target.checked })} /> Read-only worktree
            </label>
            <div className="flex flex-wrap gap-2 sm:col-span-2">
              <Button type="submit" data-testid="save-mode" loading={save.isPending}>
                Save
              </Button>
              <Button type="button" variant="secondary" data-testid="preview-mode" loading={preview.isPending} onClick={() => preview.mutate(draftPolicy())}>
                Preview surfaces
              </Button>
              <Button type="button" variant="ghost" onClick={() => (setEditing(null), save.reset(), preview.reset())}>
                Cancel
              </Button>
            </div>
            <ErrorText className="sm:col-span-2">{otherErrors.length ? [...new Set(otherErrors.map((i) => i.message))].join(" ") : !issues.length && save.error ? save.error.message : null}</ErrorText>
          </form>
          {preview.data ? <PreviewTable preview={preview.data} /> : null}
        </Card>
      ) : null}

      {manage ? <ImportFromRepository slug={workspace.slug} onDone={setStatus} /> : null}

      <Card title="Switching" description="Whether agents may ask to switch modes (change_mode), and the mode fresh rooms start in.">
        <form
          className="grid gap-3 sm:grid-cols-3"
          onSubmit={(event) => {
            event.preventDefault();
            submit(null);
          }}
        >
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              data-testid="agent-can-switch"
              disabled={!manage}
              checked={settings.agentCanSwitchMode}
              onChange={(e) => setSettings((s) => ({ ...s, agentCanSwitchMode: e.target.checked }))}
            />
            Agents may switch modes
          </label>
          <TextField label="Cancel window (seconds)" name="switchCancelSeconds" disabled={!manage} value={settings.switchCancelSeconds} onChange={(e) => setSettings((s) => ({ ...s, switchCancelSeconds: e.target.value }))} error={topError("switchCancelSeconds")} />
          <SelectField
            label="Default mode"
            name="defaultMode"
            disabled={!manage}
            value={settings.defaultMode}
            onChange={(e) => setSettings((s) => ({ ...s, defaultMode: e.target.value }))}
            error={topError("defaultMode")}
            options={[
              { value: "", label: `None chosen — ${saved.policy.modes.some((m) => !m.disabled) ? "the first declared mode" : "Agent"}` },
              ...saved.selectable.map((m) => ({ value: m.id, label: m.label })),
            ]}
          />
          <p data-testid="default-mode-note" className="text-sm text-zinc-700 sm:col-span-3 dark:text-zinc-300">
            New rooms start in <strong>{saved.selectable.find((m) => m.id === saved.defaultMode)?.label ?? saved.defaultMode}</strong>: {DEFAULT_REASON[saved.defaultReason]}.
            {saved.defaultReason === "first-declared" ? " Declaring another mode first would change it; choose a default to keep it." : ""}
          </p>
          {manage ? (
            <Button type="submit" data-testid="save-switching" loading={save.isPending && !editing} className="sm:col-span-3 justify-self-start">
              Save switching
            </Button>
          ) : null}
        </form>
      </Card>
    </div>
  );
}

const KIND_WORDS: Record<PolicyPreview["changes"][number]["kind"], string> = {
  new: "new",
  enabled: "enabled again",
  changed: "changed",
  disabled: "disabled",
  removed: "removed",
};
const LIMIT_WORDS: Record<LimitChange["limit"], string> = { maxTurns: "max turns", timeoutSeconds: "timeout", maxTier: "highest tier" };

function limitValue(change: LimitChange, value: LimitChange["from"]): string {
  if (value === null) return "none";
  return change.limit === "timeoutSeconds" ? `${value} s` : String(value);
}

/** Tools gained (+) and lost (−), the worktree's mount and the limits that move. */
function Diff({ change }: Readonly<{ change: Pick<RoomChange, "added" | "removed" | "posture" | "limits"> }>) {
  const tools = `${change.added.length ? ` + ${change.added.join(", ")}` : ""}${change.removed.length ? ` − ${change.removed.join(", ")}` : ""}`;
  const more = [
    change.posture ? `worktree ${change.posture.from} → ${change.posture.to}` : null,
    ...change.limits.map((l) => `${LIMIT_WORDS[l.limit]} ${limitValue(l, l.from)} → ${limitValue(l, l.to)}`),
  ].filter(Boolean);
  return (
    <>
      {tools}
      {more.length ? <span className="text-zinc-600 dark:text-zinc-400"> · {more.join(" · ")}</span> : null}
    </>
  );
}

/** X1: why fresh rooms start in the mode they do, in words. */
const DEFAULT_REASON: Record<ModePolicyView["defaultReason"], string> = {
  set: "the default chosen here",
  "first-declared": "the first declared mode, because no default is chosen",
  "built-in": "the built-in Agent mode, because no mode is declared",
};

function PreviewTable({ preview }: Readonly<{ preview: PolicyPreview }>) {
  return (
    <div data-testid="mode-preview" className="mt-4 space-y-3 text-xs">
      {preview.defaultMode ? (
        <p data-testid="mode-preview-default" className="rounded-md bg-amber-50 px-2 py-1.5 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
          New rooms will start in <strong>{preview.defaultMode.to.label}</strong> ({DEFAULT_REASON[preview.defaultMode.reason]}) instead of {preview.defaultMode.from.label}.
        </p>
      ) : null}
      <div>
        <h3 className="text-sm font-semibold">Rooms that change mode (G8)</h3>
        {preview.rooms.length === 0 ? <p data-testid="mode-preview-no-rooms">No room changes mode.</p> : null}
        <ul className="mt-1 space-y-1">
          {preview.rooms.map((r) => (
            <li key={r.roomId} data-testid="mode-preview-room" data-room-id={r.roomId} data-effect={r.effect}>
              <strong>{r.room}</strong>: {r.from.label} → {r.to.label}{" "}
              {r.effect === "waits" ? (
                <span className="font-medium text-amber-800 dark:text-amber-300">(widens: waits for a person&apos;s approval; until then the room stays in {r.from.label})</span>
              ) : (
                <span className="font-medium">(changes at once)</span>
              )}
              <Diff change={r} />
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="text-sm font-semibold">Modes that change (G7)</h3>
        {preview.changes.length === 0 ? <p>No mode changes for any agent.</p> : null}
        <ul className="mt-1 space-y-1">
          {preview.changes.map((c) => (
            <li key={`${c.agent}:${c.mode}`} data-testid="mode-preview-change" data-mode={c.mode} data-kind={c.kind}>
              <strong>{c.agent}</strong> in <strong>{c.label}</strong> ({KIND_WORDS[c.kind]})
              <Diff change={c} />
              {c.text.length ? <span className="text-zinc-600 dark:text-zinc-400"> · {c.text.join(", ")} reworded</span> : null}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** X1, G8: policy reviewed like code — preview the repository's gatehouse.modes.json from its default branch, then load it. */
function ImportFromRepository({ slug, onDone }: Readonly<{ slug: string; onDone: (text: string) => void }>) {
  const repositories = useRepositories(slug);
  const previewImport = usePreviewModePolicyImport(slug);
  const load = useImportModePolicy(slug);
  const list = repositories.data ?? [];
  const [repositoryId, setRepositoryId] = useState("");
  if (list.length === 0) return null;
  const chosen = repositoryId || list[0]!.id;
  const seen = previewImport.data;
  const reset = () => (previewImport.reset(), load.reset());
  return (
    <Card title="From a repository" description="A repository can carry the policy as gatehouse.modes.json at its root (same fields as above). Loading it reads the default branch and replaces the declared modes; you see what it changes first.">
      <div className="flex flex-wrap items-end gap-2">
        <SelectField label="Repository" value={chosen} onChange={(e) => (setRepositoryId(e.target.value), reset())} options={list.map((r) => ({ value: r.id, label: r.name }))} />
        <Button variant="secondary" data-testid="preview-import" loading={previewImport.isPending} onClick={() => (load.reset(), previewImport.mutate(chosen))}>
          Preview gatehouse.modes.json
        </Button>
      </div>
      <ErrorText className="mt-2">{previewImport.error ? previewImport.error.message : load.error ? load.error.message : null}</ErrorText>
      {seen ? (
        <div data-testid="import-preview">
          <p className="mt-3 text-sm">
            At <code>{seen.commit.slice(0, 12)}</code>, the file would change:
          </p>
          <PreviewTable preview={seen.preview} />
          <div className="mt-4 flex flex-wrap gap-2">
            <Button
              data-testid="confirm-import"
              loading={load.isPending}
              onClick={() => load.mutate({ repositoryId: chosen, commit: seen.commit }, { onSuccess: (v) => (reset(), onDone(`Loaded gatehouse.modes.json at ${v.commit.slice(0, 12)}.`)) })}
            >
              Load it
            </Button>
            <Button variant="ghost" onClick={reset}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </Card>
  );
}

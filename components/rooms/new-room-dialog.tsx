"use client";
/**
 * "New room": name, mode (Agent, Plan, Orchestrate or a declared mode — review
 * rooms are opened for pull requests, S1; the workspace's default is picked
 * first, X1), repository, agent and autonomy. The same schema as
 * the API (createRoomBody) decides what is valid; the server's message shows
 * beside the field it is about.
 */
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import type { AgentView } from "@/lib/agents/schemas";
import type { Autonomy } from "@/lib/modes/types";
import type { RepositoryView } from "@/lib/repositories/schemas";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { Dialog } from "@/components/ui/dialog";
import { ErrorText } from "@/components/ui/error-text";
import { SelectField, TextField } from "@/components/ui/field";
import { fieldErrors } from "@/components/ui/field-errors";
import { AUTONOMY, AUTONOMY_LEVELS, autonomyExplanation, BUILT_IN_SELECTABLE, MODE_ACCENT } from "./mode-meta";
import { useCreateRoom, useWorkspaceModes } from "./room-hooks";

export function NewRoomDialog({
  slug,
  open,
  onClose,
  repositories,
  agents,
}: Readonly<{ slug: string; open: boolean; onClose: () => void; repositories: RepositoryView[]; agents: AgentView[] }>) {
  return (
    <Dialog open={open} onClose={onClose} title="New room" description="A room is where people and an agent work; its mode decides what the agent can see and do.">
      {open ? <NewRoomForm slug={slug} onClose={onClose} repositories={repositories} agents={agents} /> : null}
    </Dialog>
  );
}

function NewRoomForm({
  slug,
  onClose,
  repositories,
  agents,
}: Readonly<{ slug: string; onClose: () => void; repositories: RepositoryView[]; agents: AgentView[] }>) {
  const router = useRouter();
  const create = useCreateRoom(slug);
  const modeName = useId();
  const [name, setName] = useState("");
  const workspaceModes = useWorkspaceModes(slug);
  const modes = workspaceModes.data?.selectable ?? BUILT_IN_SELECTABLE;
  const [picked, setMode] = useState<string | null>(null);
  const mode = picked ?? workspaceModes.data?.defaultMode ?? modes[0]!.id;
  const [repositoryId, setRepositoryId] = useState(repositories[0]?.id ?? "");
  const [agentId, setAgentId] = useState(agents[0]?.id ?? "");
  const [autonomy, setAutonomy] = useState<Autonomy>("auto_edit");
  const errors = fieldErrors(create.error, ["name", "mode", "repositoryId", "agentId", "autonomy"]);

  return (
    <form
      data-testid="new-room-form"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(
          { name, mode, autonomy, repositoryId: repositoryId || undefined, agentId: agentId || undefined },
          { onSuccess: (room) => router.push(`/w/${slug}/rooms/${room.id}`) },
        );
      }}
    >
      <TextField
        label="Name"
        name="name"
        data-testid="new-room-name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        placeholder="e.g. Fix the discount rounding"
        required
        maxLength={120}
        autoFocus
        error={errors.fields.name}
      />

      <fieldset>
        <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Mode</legend>
        <div className="mt-1 grid gap-2 sm:grid-cols-3">
          {modes.map(({ id: m, label, description, declared, icon, accent, base }) => (
            <label
              key={m}
              className={cx(
                "cursor-pointer rounded-md border p-2.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-500",
                mode === m ? "border-indigo-500 bg-indigo-50/60 dark:border-indigo-400 dark:bg-indigo-950/40" : "border-zinc-300 dark:border-zinc-700",
              )}
            >
              <input
                type="radio"
                name={modeName}
                value={m}
                data-testid="new-room-mode"
                checked={mode === m}
                onChange={() => setMode(m)}
                className="sr-only"
              />
              <span className="flex items-center gap-1.5 font-medium">
                {declared ? (
                  <span aria-hidden="true" style={{ color: accent }}>
                    {icon}
                  </span>
                ) : (
                  <span aria-hidden="true" className={cx("size-2 rounded-full", MODE_ACCENT[base].dot)} />
                )}
                {label}
              </span>
              <span className="mt-0.5 block text-xs text-zinc-600 dark:text-zinc-400">{description}</span>
            </label>
          ))}
        </div>
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">Review rooms open by themselves for pull requests.</p>
        {errors.fields.mode ? <p className="text-xs font-medium text-red-600 dark:text-red-400">{errors.fields.mode}</p> : null}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Repository"
          data-testid="new-room-repository"
          value={repositoryId}
          onChange={(e) => setRepositoryId(e.target.value)}
          options={[...repositories.map((r) => ({ value: r.id, label: r.name })), { value: "", label: "No repository" }]}
          hint={repositoryId ? "The room gets its own worktree on a branch of its own." : "The agent will have no files to work on."}
          error={errors.fields.repositoryId}
        />
        <SelectField
          label="Agent"
          data-testid="new-room-agent"
          value={agentId}
          onChange={(e) => setAgentId(e.target.value)}
          options={agents.length ? agents.map((a) => ({ value: a.id, label: `${a.name} · ${a.model}` })) : [{ value: "", label: "No agents yet" }]}
          hint={agents.length ? undefined : "An admin can add one in Settings → Agents."}
          error={errors.fields.agentId}
        />
      </div>

      <SelectField
        label="Autonomy"
        data-testid="new-room-autonomy"
        value={autonomy}
        onChange={(e) => setAutonomy(e.target.value as Autonomy)}
        options={AUTONOMY_LEVELS.map((level) => ({ value: level, label: AUTONOMY[level].label }))}
        hint={autonomyExplanation(autonomy, modes.find((m) => m.id === mode)?.posture ?? "read-write")}
        error={errors.fields.autonomy}
      />

      <ErrorText>{errors.form}</ErrorText>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" data-testid="new-room-submit" loading={create.isPending || create.isSuccess}>
          Create room
        </Button>
      </div>
    </form>
  );
}

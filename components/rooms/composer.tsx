"use client";
/**
 * The composer: the message box (Enter sends, Shift+Enter is a new line), the
 * mode dropdown with Agent, Plan, Orchestrate and the workspace's declared
 * modes (S1, X1) — labels and options come from the profiles — Shift+Tab in the
 * message box toggling Plan and the previous mode (P6), the autonomy dial
 * (G3) and, in Plan mode, the read-only shell opt-in (A3). Mode changes are a
 * PATCH of the room and apply from the agent's next turn (S4).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import type { Autonomy } from "@/lib/modes/types";
import { MESSAGE_MAX_LENGTH } from "@/lib/rooms/schemas";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { ErrorText } from "@/components/ui/error-text";
import { ApiError } from "@/components/ui/fetch-json";
import { AUTONOMY, AUTONOMY_LEVELS, autonomyExplanation, BUILT_IN_SELECTABLE, type ModeProfileView } from "./mode-meta";
import { useMentionPicker } from "./mention-picker";
import { usePostMessage, useUpdateRoom } from "./room-hooks";
import type { RoomInfo } from "./room-types";

const SELECT =
  "h-8 rounded-md border border-zinc-300 bg-white pl-2 pr-7 text-sm text-zinc-900 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100";

function errorText(error: unknown): string | null {
  if (!error) return null;
  return error instanceof ApiError ? error.message : "The server could not be reached. Check your connection and try again.";
}

export function Composer({
  slug,
  room,
  conversationId,
  conversationTitle,
  draft,
  onDraft,
  inputRef,
  modes = BUILT_IN_SELECTABLE,
}: Readonly<{
  slug: string;
  room: RoomInfo;
  /** X1: the modes a person can pick here */
  modes?: ModeProfileView[];
  conversationId: string | undefined;
  conversationTitle: string | null;
  draft: string;
  onDraft: (text: string) => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}>) {
  const ids = { mode: useId(), autonomy: useId(), autonomyHint: useId(), shell: useId(), hint: useId() };
  const post = usePostMessage(slug, room.id);
  const mention = useMentionPicker({
    slug,
    draft,
    onDraft,
    focusAt: (caret) =>
      requestAnimationFrame(() => {
        inputRef.current?.focus();
        inputRef.current?.setSelectionRange(caret, caret);
      }),
  });
  const update = useUpdateRoom(slug, room.id);
  const [notice, setNotice] = useState<string | null>(null);
  const profile = room.profile;
  const fixed = !profile.leavable;
  const labelOf = (id: string) => modes.find((m) => m.id === id)?.label ?? id;
  // P6: the Plan built-in is the one with the plan_exit gate that no workspace declared.
  const planId = modes.find((m) => m.planGate && !m.declared)?.id ?? null;
  const agentId = modes.find((m) => !m.declared && m.posture === "read-write")?.id ?? null;

  // P6: Shift+Tab goes back to the mode the room was in before Plan (Agent if none).
  const previous = useRef<string | null>(null);
  const lastSeen = useRef<string>(room.mode);
  useEffect(() => {
    if (room.mode !== lastSeen.current) {
      if (lastSeen.current !== planId) previous.current = lastSeen.current;
      lastSeen.current = room.mode;
    }
  }, [room.mode, planId]);

  function setMode(mode: string | null) {
    if (!mode || mode === room.mode || fixed) return;
    update.mutate({ mode }, { onSuccess: () => setNotice(`Now in ${labelOf(mode)} mode. It applies from the agent's next turn.`) });
  }

  function setAutonomy(autonomy: Autonomy) {
    update.mutate({ autonomy }, { onSuccess: () => setNotice(`Autonomy: ${AUTONOMY[autonomy].label}. It applies from the agent's next turn.`) });
  }

  function send() {
    const content = draft.trim();
    if (!content || post.isPending) return;
    // The message shows in the conversation while it is sent; a failure puts it back here.
    onDraft("");
    post.mutate(
      { content, conversationId },
      {
        onSuccess: (result) => setNotice(result.run ? null : "Sent. This room has no agent, so nobody will answer; pick one in the room settings."),
        onError: () => onDraft(content),
      },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // An @mention being completed takes Enter, Tab and the arrows first.
    if (mention.onKeyDown(event)) return;
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    } else if (event.key === "Tab" && event.shiftKey && !fixed) {
      event.preventDefault();
      setMode(room.mode === planId ? (previous.current ?? agentId) : planId);
    }
  }

  const error = errorText(post.error) ?? errorText(update.error);

  return (
    <form
      data-testid="composer"
      aria-label="Message the agent"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      className="relative rounded-xl border border-zinc-300 bg-white shadow-sm focus-within:border-indigo-400 focus-within:ring-2 focus-within:ring-indigo-500/20 dark:border-zinc-700 dark:bg-zinc-900 dark:focus-within:border-indigo-500"
    >
      {mention.list}
      <label htmlFor={`${ids.mode}-input`} className="sr-only">
        Message{conversationTitle ? ` in ${conversationTitle}` : ""}
      </label>
      <textarea
        id={`${ids.mode}-input`}
        ref={inputRef}
        data-testid="composer-input"
        rows={3}
        value={draft}
        maxLength={MESSAGE_MAX_LENGTH}
        onChange={(e) => {
          onDraft(e.target.value);
          mention.onCaret(e.target.selectionStart);
        }}
        onSelect={(e) => mention.onCaret(e.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        aria-describedby={ids.hint}
        {...mention.inputProps}
        placeholder={fixed ? `Ask the agent in ${profile.label} mode…` : `Message the agent in ${profile.label} mode…`}
        className="block max-h-72 min-h-20 w-full resize-y rounded-t-xl border-0 bg-transparent px-4 pt-3 text-sm text-zinc-900 placeholder:text-zinc-400 focus:outline-none focus-visible:outline-none dark:text-zinc-100 dark:placeholder:text-zinc-500"
      />
      <ComposerLimit length={draft.length} />
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2 border-t border-zinc-200 px-3 py-2 dark:border-zinc-800">
        {fixed ? (
          <div data-testid="mode-fixed" className="text-sm">
            <span className="font-medium">Mode: {profile.label}</span>
            <span className="ml-2 text-xs text-zinc-500 dark:text-zinc-400">
              {profile.description} This room stays in {profile.label} mode; open a new room to change code.
            </span>
          </div>
        ) : (
          <div className="flex items-center gap-2">
            <label htmlFor={ids.mode} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
              Mode
            </label>
            <select
              id={ids.mode}
              data-testid="mode-select"
              value={room.mode}
              disabled={update.isPending}
              onChange={(e) => setMode(e.target.value)}
              className={SELECT}
              title={profile.description}
            >
              {/* G8: a room keeps a mode the workspace no longer offers until a person picks another. */}
              {modes.some((mode) => mode.id === room.mode) ? null : (
                <option value={room.mode} disabled>
                  {`${profile.label} (no longer offered)`}
                </option>
              )}
              {modes.map((mode) => (
                <option key={mode.id} value={mode.id}>
                  {mode.declared ? `${mode.icon} ${mode.label}` : mode.label}
                </option>
              ))}
            </select>
          </div>
        )}

        <div className="flex items-center gap-2">
          <label htmlFor={ids.autonomy} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
            Autonomy
          </label>
          <select
            id={ids.autonomy}
            data-testid="autonomy-select"
            value={room.autonomy}
            disabled={update.isPending}
            onChange={(e) => setAutonomy(e.target.value as Autonomy)}
            aria-describedby={ids.autonomyHint}
            className={SELECT}
          >
            {AUTONOMY_LEVELS.map((level) => (
              <option key={level} value={level}>
                {AUTONOMY[level].label}
              </option>
            ))}
          </select>
        </div>

        {profile.shellOptIn ? (
          <div className="flex items-center gap-2">
            <button
              id={ids.shell}
              type="button"
              role="switch"
              aria-checked={room.planShell}
              data-testid="plan-shell-toggle"
              disabled={update.isPending}
              onClick={() =>
                update.mutate(
                  { planShell: !room.planShell },
                  { onSuccess: () => setNotice(room.planShell ? "Read-only shell off." : "Read-only shell on: commands run against the read-only worktree.") },
                )
              }
              className={cx(
                "relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors disabled:opacity-60",
                room.planShell ? "bg-indigo-600 dark:bg-indigo-500" : "bg-zinc-300 dark:bg-zinc-700",
              )}
            >
              <span
                aria-hidden="true"
                className={cx("inline-block size-4 rounded-full bg-white shadow transition-transform", room.planShell ? "translate-x-4.5" : "translate-x-0.5")}
              />
            </button>
            <label htmlFor={ids.shell} className="text-xs font-medium text-zinc-600 dark:text-zinc-400" title="A3: commands run with the worktree mounted read-only; file-editing tools stay off.">
              Read-only shell
            </label>
          </div>
        ) : null}

        <Button type="submit" size="sm" className="ml-auto" data-testid="composer-send" loading={post.isPending} disabled={!draft.trim()}>
          Send
        </Button>
      </div>
      <div className="space-y-1 px-3 pb-2">
        <p id={ids.autonomyHint} className="text-xs text-zinc-500 dark:text-zinc-400">
          {autonomyExplanation(room.autonomy, profile.posture)}
          {profile.shellOptIn ? (room.planShell ? " Shell: on, read-only." : " Shell: off.") : ""}
        </p>
        <p id={ids.hint} className="text-xs text-zinc-500 dark:text-zinc-400">
          Enter sends · Shift+Enter new line · @ mentions a teammate{fixed || !planId ? "" : " · Shift+Tab toggles Plan"} · Mode and autonomy changes apply from the agent&apos;s next turn.
        </p>
        <p role="status" aria-live="polite" data-testid="composer-notice" className="min-h-4 text-xs text-emerald-700 dark:text-emerald-400">
          {notice ?? ""}
        </p>
        <ErrorText>{error}</ErrorText>
      </div>
    </form>
  );
}

/** The message limit, shown once a draft nears it, so nothing is cut without saying so. */
function ComposerLimit({ length }: Readonly<{ length: number }>) {
  if (length < MESSAGE_MAX_LENGTH * 0.8) return null;
  const full = length >= MESSAGE_MAX_LENGTH;
  return (
    <p data-testid="composer-limit" aria-live="polite" className={cx("px-4 pb-1 text-right text-xs", full ? "font-medium text-red-700 dark:text-red-400" : "text-zinc-600 dark:text-zinc-400")}>
      {length.toLocaleString("en-US")} / {MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters{full ? " — the limit: anything longer is not added" : ""}
    </p>
  );
}

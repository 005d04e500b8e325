"use client";
/**
 * The room's work on its way to review: a person commits what the room's
 * worktree holds uncommitted (with a message, as its author), and "Open pull
 * request" appears only once the branch has commits its base lacks and no pull
 * request is open for it yet.
 */
import Link from "next/link";
import { useId, useState, type FormEvent } from "react";
import { openPullHref, pullHref } from "@/components/pulls/keys";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { shortSha } from "@/components/reviews/format";
import { useCommitRoomWork, useRoomBranch } from "./branch-hooks";
import type { RoomInfo } from "./room-types";

const LINK = "inline-block text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300";

export function RoomBranchPanel({ slug, room, canWrite }: Readonly<{ slug: string; room: RoomInfo; canWrite: boolean }>) {
  const enabled = Boolean(room.branch && room.repository && !room.pullRequestId);
  const branch = useRoomBranch(slug, room.id, enabled);
  const commit = useCommitRoomWork(slug, room.id);
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const messageId = useId();
  if (!enabled || !branch.data || !room.repository || !room.branch) return null;
  const data = branch.data;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const made = await commit.mutateAsync({ message }).catch(() => null);
    if (!made) return;
    setDone(`Committed ${shortSha(made.sha)}: ${made.subject}`);
    setMessage("");
    setOpen(false);
  }

  return (
    <div data-testid="room-branch" data-ahead={data.ahead ?? ""} className="space-y-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        {data.openPull ? (
          <Link data-testid="room-branch-pull" href={pullHref(slug, data.openPull.id)} className={LINK}>
            {data.openPull.fixes ? `Commits here go to pull request #${data.openPull.number} →` : `Pull request #${data.openPull.number} from ${room.branch} →`}
          </Link>
        ) : canWrite && (data.ahead ?? 0) > 0 ? (
          <Link data-testid="room-open-pull" href={openPullHref(slug, { repositoryId: room.repository.id, headRef: room.branch, baseRef: data.base ?? undefined, title: room.name })} className={LINK}>
            Open pull request from {room.branch} →
          </Link>
        ) : (
          <span data-testid="room-branch-empty" className="text-sm text-zinc-600 dark:text-zinc-400">
            {data.ahead === 0 ? `No commits on ${room.branch} that ${data.base} lacks yet.` : null}
          </span>
        )}
        {canWrite && data.canCommit && !open ? (
          <Button variant="secondary" size="sm" data-testid="room-commit-open" onClick={() => {
              setOpen(true);
              setDone(null);
              commit.reset();
            }}>
            Commit changes…
          </Button>
        ) : null}
      </div>
      {done ? (
        <p role="status" data-testid="room-commit-done" className="text-sm text-emerald-800 dark:text-emerald-300">
          {done}
        </p>
      ) : null}
      {open ? (
        <form data-testid="room-commit-form" onSubmit={submit} className="max-w-xl space-y-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
          <label htmlFor={messageId} className="block text-sm font-medium">
            Commit the room&apos;s uncommitted work on <code className="font-mono text-xs">{room.branch}</code> as you
          </label>
          <textarea
            id={messageId}
            data-testid="room-commit-message"
            required
            rows={3}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            placeholder="What this change does"
            className="w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          />
          <ErrorText>{commit.error?.message ?? null}</ErrorText>
          <div className="flex gap-2">
            <Button type="submit" size="sm" loading={commit.isPending} data-testid="room-commit-submit" disabled={message.trim() === ""}>
              Commit
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

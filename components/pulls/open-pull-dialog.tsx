"use client";
/**
 * "Open pull request": repository, base and head branch (picked from the
 * repository's branches as Gatehouse's mirror has them, searchable — never
 * typed blind), and a title. Opened from a room's branch it comes prefilled
 * (repository, head = that branch, base = the default branch, the room's name
 * as title). The server's refusals (nothing to review, a duplicate with a
 * link to it) show in the form. On success the review room opens (R1).
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { RepositoryView } from "@/lib/repositories/schemas";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorText } from "@/components/ui/error-text";
import { SelectField, TextField } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/components/reviews/fetch-review";
import { BranchPicker } from "./branch-picker";
import { fieldErrors } from "@/components/ui/field-errors";
import { ApiError } from "@/components/ui/fetch-json";
import { pullHref } from "./keys";
import { useOpenPull, useRepositoryBranches } from "./pull-hooks";

/** What a room's "Open pull request" fills in. */
export interface PullPrefill {
  repositoryId?: string;
  headRef?: string;
  baseRef?: string;
  title?: string;
}

export function OpenPullDialog({
  slug,
  open,
  onClose,
  repositories,
  prefill,
}: Readonly<{ slug: string; open: boolean; onClose: () => void; repositories: RepositoryView[]; prefill?: PullPrefill }>) {
  return (
    <Dialog open={open} onClose={onClose} title="Open pull request" description="Compare two branches of a repository. A review room opens for it and the reviewer starts at once.">
      {open ? <OpenPullForm slug={slug} onClose={onClose} repositories={repositories} prefill={prefill ?? {}} /> : null}
    </Dialog>
  );
}

function OpenPullForm({ slug, onClose, repositories, prefill }: Readonly<{ slug: string; onClose: () => void; repositories: RepositoryView[]; prefill: PullPrefill }>) {
  const router = useRouter();
  const openPull = useOpenPull(slug);
  const initial = repositories.find((r) => r.id === prefill.repositoryId) ?? repositories[0];
  const [repositoryId, setRepositoryId] = useState(initial?.id ?? "");
  const repository = repositories.find((r) => r.id === repositoryId);
  const [baseRef, setBaseRef] = useState(prefill.baseRef ?? initial?.defaultBranch ?? "main");
  const [headRef, setHeadRef] = useState(prefill.headRef ?? "");
  const [title, setTitle] = useState(prefill.title ?? "");
  const branches = useRepositoryBranches(slug, repositoryId || null);
  const names = new Set(branches.data?.branches.map((b) => b.name) ?? []);
  const pickProblem = (ref: string) => (ref === "" ? "Pick a branch from the list." : branches.data && !names.has(ref) ? `${ref} is not a branch of ${repository?.name ?? "this repository"}.` : null);
  const [touched, setTouched] = useState<{ base?: boolean; head?: boolean; submitted?: boolean }>({});
  const server = fieldErrors(openPull.error, ["repositoryId", "baseRef", "headRef", "title"]);
  // Issue 14 §5: a second open pull request for the same branches is refused with a link to the first.
  const existing = openPull.error instanceof ApiError && typeof openPull.error.details?.pullRequestId === "string" ? openPull.error.details.pullRequestId : null;
  const baseProblem = touched.base ? pickProblem(baseRef) : null;
  const headProblem = touched.head ? pickProblem(headRef) ?? (headRef === baseRef && headRef ? "The head must differ from the base." : null) : null;

  if (repositories.length === 0) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">This workspace has no repository yet. An admin registers one under Settings → Repositories.</p>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    );
  }

  return (
    <form
      data-testid="open-pull-form"
      className="space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched({ base: true, head: true, submitted: true });
        if (pickProblem(baseRef) || pickProblem(headRef) || headRef === baseRef || !title.trim()) return;
        openPull.mutate(
          { repositoryId, baseRef, headRef, title: title.trim() },
          { onSuccess: (opened) => router.push(pullHref(slug, opened.pullRequest.id)) },
        );
      }}
    >
      <SelectField
        label="Repository"
        data-testid="open-pull-repository"
        value={repositoryId}
        onChange={(e) => {
          setRepositoryId(e.target.value);
          const next = repositories.find((r) => r.id === e.target.value);
          if (next) setBaseRef(next.defaultBranch);
          setHeadRef("");
        }}
        options={repositories.map((r) => ({ value: r.id, label: r.name }))}
        error={server.fields.repositoryId}
      />
      {branches.isPending ? (
        <p data-testid="branches-loading" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <Spinner /> Loading the branches of {repository?.name ?? "the repository"}…
        </p>
      ) : branches.isError ? (
        <div className="flex items-center gap-3">
          <ErrorText className="flex-1">{`The branches could not be read: ${errorMessage(branches.error)}`}</ErrorText>
          <Button variant="secondary" size="sm" onClick={() => void branches.refetch()}>
            Retry
          </Button>
        </div>
      ) : branches.data.branches.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{repository?.name ?? "This repository"} has no branches yet.</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <BranchPicker
            label="Base branch"
            testId="open-pull-base"
            branches={branches.data.branches}
            value={baseRef}
            onChange={(b) => {
              setBaseRef(b);
              setTouched((t) => ({ ...t, base: true }));
            }}
            hint={repository ? `Where the change would merge; default ${repository.defaultBranch}.` : undefined}
            error={baseProblem ?? server.fields.baseRef}
          />
          <BranchPicker
            label="Head branch"
            testId="open-pull-head"
            branches={branches.data.branches}
            value={headRef}
            onChange={(b) => {
              setHeadRef(b);
              setTouched((t) => ({ ...t, head: true }));
            }}
            hint="The branch with the change."
            error={headProblem ?? server.fields.headRef}
            autoFocus={!prefill.headRef}
          />
        </div>
      )}
      {branches.data?.note ? <p className="text-xs text-amber-800 dark:text-amber-300">{branches.data.note}</p> : null}
      <TextField
        label="Title"
        data-testid="open-pull-title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        maxLength={300}
        placeholder="What the change does"
        error={server.fields.title ?? (touched.submitted && !title.trim() ? "Give the pull request a title." : undefined)}
        required
      />
      <ErrorText>{server.form}</ErrorText>
      {existing ? (
        <p data-testid="open-pull-existing" className="text-sm">
          <Link href={pullHref(slug, existing)} className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
            Go to the open pull request →
          </Link>
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" data-testid="open-pull-submit" loading={openPull.isPending}>
          Open pull request
        </Button>
      </div>
    </form>
  );
}

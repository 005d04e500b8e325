"use client";
/**
 * "Open pull request": repository, base and head branch (typed; checked here
 * for shape and by the server against the repository), and a title. The
 * server's refusals (unknown branch, nothing to review) show in the form.
 * On success the review room opens (R1: it is created in review mode).
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { RepositoryView } from "@/lib/repositories/schemas";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorText } from "@/components/ui/error-text";
import { SelectField, TextField } from "@/components/ui/field";
import { fieldErrors } from "@/components/ui/field-errors";
import { ApiError } from "@/components/ui/fetch-json";
import { pullHref } from "./keys";
import { useOpenPull } from "./pull-hooks";
import { refProblem } from "./ref-check";

export function OpenPullDialog({ slug, open, onClose, repositories }: Readonly<{ slug: string; open: boolean; onClose: () => void; repositories: RepositoryView[] }>) {
  return (
    <Dialog open={open} onClose={onClose} title="Open pull request" description="Compare two branches of a repository. A review room opens for it and the reviewer starts at once.">
      {open ? <OpenPullForm slug={slug} onClose={onClose} repositories={repositories} /> : null}
    </Dialog>
  );
}

function OpenPullForm({ slug, onClose, repositories }: Readonly<{ slug: string; onClose: () => void; repositories: RepositoryView[] }>) {
  const router = useRouter();
  const openPull = useOpenPull(slug);
  const [repositoryId, setRepositoryId] = useState(repositories[0]?.id ?? "");
  const repository = repositories.find((r) => r.id === repositoryId);
  const [baseRef, setBaseRef] = useState(repositories[0]?.defaultBranch ?? "main");
  const [headRef, setHeadRef] = useState("");
  const [title, setTitle] = useState("");
  const [touched, setTouched] = useState<{ base?: boolean; head?: boolean; submitted?: boolean }>({});
  const server = fieldErrors(openPull.error, ["repositoryId", "baseRef", "headRef", "title"]);
  // Issue 14 §5: a second open pull request for the same branches is refused with a link to the first.
  const existing = openPull.error instanceof ApiError && typeof openPull.error.details?.pullRequestId === "string" ? openPull.error.details.pullRequestId : null;
  const baseProblem = touched.base ? refProblem(baseRef) : null;
  const headProblem = touched.head ? refProblem(headRef) ?? (headRef.trim() === baseRef.trim() && headRef ? "The head must differ from the base." : null) : null;

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
        if (refProblem(baseRef) || refProblem(headRef) || headRef.trim() === baseRef.trim() || !title.trim()) return;
        openPull.mutate(
          { repositoryId, baseRef: baseRef.trim(), headRef: headRef.trim(), title: title.trim() },
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
        }}
        options={repositories.map((r) => ({ value: r.id, label: r.name }))}
        error={server.fields.repositoryId}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Base branch"
          data-testid="open-pull-base"
          value={baseRef}
          onChange={(e) => setBaseRef(e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, base: true }))}
          hint={repository ? `Where the change would merge; default ${repository.defaultBranch}.` : undefined}
          error={baseProblem ?? server.fields.baseRef}
          autoComplete="off"
          spellCheck={false}
          required
        />
        <TextField
          label="Head branch"
          data-testid="open-pull-head"
          value={headRef}
          onChange={(e) => setHeadRef(e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, head: true }))}
          placeholder="e.g. feature/discount-cap"
          hint="The branch with the change."
          error={headProblem ?? server.fields.headRef}
          autoComplete="off"
          spellCheck={false}
          required
          autoFocus
        />
      </div>
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

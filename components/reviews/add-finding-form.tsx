"use client";
/**
 * A person adds a finding. It passes the same read boundary as an agent's
 * (R4): the server, not this form, decides whether it is well-formed, and a
 * dropped finding is answered with its reason and listed under "Dropped".
 */
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { SelectField, TextAreaField, TextField } from "@/components/ui/field";
import { fieldErrors } from "@/components/ui/field-errors";
import { FINDING_KINDS, PRIORITIES } from "@/lib/reviews/schemas";
import type { FindingKind, Priority } from "@/components/pulls/pull-types";
import { ApiError } from "@/components/ui/fetch-json";
import { useAddFinding, type AddFindingVars } from "./finding-hooks";
import { KIND_LABEL, PRIORITY_MEANING } from "./format";
import { useReview } from "./review-context";

const OUTCOME: Record<string, string> = {
  created: "Added.",
  kept: "The same finding was already open; it is kept as it was.",
  reopened: "The same finding had been closed; it is reopened.",
  suppressed: "The same finding was dismissed before, so it is not raised again.",
};

export function AddFindingForm({ files, onDone }: Readonly<{ files: readonly string[]; onDone: () => void }>) {
  const { slug, pullId } = useReview();
  const add = useAddFinding(slug, pullId);
  const [kind, setKind] = useState<FindingKind>("bug");
  const [priority, setPriority] = useState<Priority>("P2");
  const [confidence, setConfidence] = useState("0.8");
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [suggestion, setSuggestion] = useState("");
  const [file, setFile] = useState("");
  const [startLine, setStartLine] = useState("");
  const [endLine, setEndLine] = useState("");
  const [notice, setNotice] = useState<string | null>(null);

  const dropped = add.error instanceof ApiError && typeof add.error.details?.droppedFindingId === "string" ? String(add.error.details.reason ?? add.error.message) : null;
  const errors = fieldErrors(dropped ? null : add.error, ["kind", "priority", "confidence", "title", "body", "suggestion", "anchor"]);

  return (
    <form
      data-testid="add-finding-form"
      className="space-y-3 rounded-md border border-zinc-200 p-3 dark:border-zinc-800"
      onSubmit={(event) => {
        event.preventDefault();
        setNotice(null);
        const start = Number(startLine);
        const vars: AddFindingVars = {
          kind,
          priority,
          confidence: Number(confidence),
          title,
          ...(body.trim() ? { body } : {}),
          ...(suggestion.trim() ? { suggestion } : {}),
          ...(file && startLine ? { anchor: { file, startLine: start, endLine: endLine ? Number(endLine) : start } } : {}),
        };
        add.mutate(vars, {
          onSuccess: (outcome) => {
            setNotice(OUTCOME[outcome.status] ?? "Saved.");
            if (outcome.status === "created") {
              setTitle("");
              setBody("");
              setSuggestion("");
            }
          },
        });
      }}
    >
      <div className="grid grid-cols-3 gap-2">
        <SelectField label="Kind" value={kind} onChange={(e) => setKind(e.target.value as FindingKind)} options={FINDING_KINDS.map((k) => ({ value: k, label: KIND_LABEL[k] }))} error={errors.fields.kind} />
        <SelectField
          label="Priority"
          value={priority}
          onChange={(e) => setPriority(e.target.value as Priority)}
          options={PRIORITIES.map((p) => ({ value: p, label: `${p} · ${PRIORITY_MEANING[p]}` }))}
          error={errors.fields.priority}
        />
        <TextField label="Confidence" type="number" min={0} max={1} step={0.05} required value={confidence} onChange={(e) => setConfidence(e.target.value)} hint="0 to 1" error={errors.fields.confidence} />
      </div>
      <TextField label="Title" data-testid="add-finding-title" required maxLength={300} value={title} onChange={(e) => setTitle(e.target.value)} error={errors.fields.title} />
      <TextAreaField label="Details" rows={3} value={body} onChange={(e) => setBody(e.target.value)} className="[&_textarea]:font-sans" error={errors.fields.body} />
      <TextAreaField label="Suggested change (optional)" rows={2} value={suggestion} onChange={(e) => setSuggestion(e.target.value)} error={errors.fields.suggestion} />
      <div className="grid grid-cols-[minmax(0,1fr)_5rem_5rem] gap-2">
        <SelectField
          label="File"
          value={file}
          onChange={(e) => setFile(e.target.value)}
          options={[{ value: "", label: "Repository-wide (no anchor)" }, ...files.map((f) => ({ value: f, label: f }))]}
          error={errors.fields.anchor}
        />
        <TextField label="From line" type="number" min={1} value={startLine} disabled={!file} required={Boolean(file)} onChange={(e) => setStartLine(e.target.value)} />
        <TextField label="To line" type="number" min={1} value={endLine} disabled={!file} onChange={(e) => setEndLine(e.target.value)} />
      </div>
      {dropped ? (
        <div data-testid="add-finding-dropped">
          <ErrorText>{`Dropped at the read boundary (R4): ${dropped}. It changes no verdict and is listed under “Dropped”.`}</ErrorText>
        </div>
      ) : (
        <ErrorText>{errors.form}</ErrorText>
      )}
      <p role="status" aria-live="polite" className="text-sm text-emerald-700 empty:hidden dark:text-emerald-400">
        {notice ?? ""}
      </p>
      <div className="flex gap-2">
        <Button type="submit" size="sm" data-testid="add-finding-submit" loading={add.isPending}>
          Add finding
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Close
        </Button>
      </div>
    </form>
  );
}

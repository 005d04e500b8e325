"use client";
/**
 * Labelled form controls. The label, hint and error are wired to the control
 * with htmlFor / aria-describedby / aria-invalid, so screen readers announce
 * what a field is and what is wrong with it.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cx } from "./cx";

const CONTROL =
  "block w-full rounded-md border bg-white px-3 text-sm text-zinc-900 shadow-xs placeholder:text-zinc-400 " +
  "disabled:cursor-not-allowed disabled:opacity-60 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500";
const BORDER_OK = "border-zinc-300 dark:border-zinc-700";
const BORDER_BAD = "border-red-500 dark:border-red-400";

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** visually hide the label (it still names the control) */
  hideLabel?: boolean;
}

function FieldShell({
  id,
  label,
  hint,
  error,
  hideLabel,
  className,
  children,
}: Readonly<FieldProps & { id: string; className?: string; children: ReactNode }>) {
  return (
    <div className={cx("space-y-1", className)}>
      <label htmlFor={id} className={cx("block text-sm font-medium text-zinc-800 dark:text-zinc-200", hideLabel && "sr-only")}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

export function TextField({
  label,
  hint,
  error,
  hideLabel,
  className,
  id: givenId,
  ...input
}: Readonly<FieldProps & InputHTMLAttributes<HTMLInputElement>>) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} hideLabel={hideLabel} className={className}>
      <input
        id={id}
        className={cx(CONTROL, "h-10", error ? BORDER_BAD : BORDER_OK)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  hideLabel,
  className,
  id: givenId,
  ...textarea
}: Readonly<FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} hideLabel={hideLabel} className={className}>
      <textarea
        id={id}
        className={cx(CONTROL, "py-2 font-mono", error ? BORDER_BAD : BORDER_OK)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...textarea}
      />
    </FieldShell>
  );
}

export function SelectField({
  label,
  hint,
  error,
  hideLabel,
  className,
  id: givenId,
  options,
  ...select
}: Readonly<FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly { value: string; label: string }[] }>) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} hideLabel={hideLabel} className={className}>
      <select
        id={id}
        className={cx(CONTROL, "h-10 pr-8", error ? BORDER_BAD : BORDER_OK)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

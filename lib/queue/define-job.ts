/**
 * A kind of job, declared once beside its domain: its name, the zod schema of
 * its payload and its retry policy. A job to enqueue can only be made from a
 * declaration (`declaration.job(payload)`), so a wrong kind or a payload of
 * the wrong shape is a type error; one that slips past the type check (data
 * built at run time, a cast) is refused when it is enqueued.
 *
 * No server imports: declarations live in domain folders that pure modules read.
 */
import { z } from "zod";

/** How often a job of this kind is tried before it fails for good. */
export interface RetryPolicy {
  maxAttempts: number;
}

/** Marks a job input as made by a declaration; a literal object cannot carry it. */
declare const declared: unique symbol;

/** A job ready for enqueueJob (lib/queue/enqueue-job.ts). */
export interface JobInput<K extends string = string> {
  readonly kind: K;
  readonly payload: Record<string, unknown>;
  /** with a key, a second enqueue while the first still waits is a no-op */
  readonly key?: string;
  /** run no earlier than this */
  readonly runAt?: Date;
  readonly maxAttempts: number;
  readonly [declared]: true;
}

export interface JobOptions {
  key?: string;
  runAt?: Date;
}

export interface JobDeclaration<K extends string = string, S extends z.ZodType<Record<string, unknown>> = z.ZodType<Record<string, unknown>>> {
  readonly kind: K;
  readonly payload: S;
  readonly retry: RetryPolicy;
  /** A job of this kind; its payload is checked against the schema now, not when a worker claims it. */
  job(payload: z.input<S>, options?: JobOptions): JobInput<K>;
}

const declarations = new Map<string, JobDeclaration>();

export function defineJob<const K extends string, S extends z.ZodType<Record<string, unknown>>>(spec: { kind: K; payload: S; retry: RetryPolicy }): JobDeclaration<K, S> {
  // A kind is declared once, beside its domain; a module evaluated again (a test runner's fresh
  // import) gets the declaration already registered, so enqueue and worker agree on one schema.
  const existing = declarations.get(spec.kind);
  if (existing) return existing as unknown as JobDeclaration<K, S>;
  const declaration: JobDeclaration<K, S> = {
    ...spec,
    job(payload, options = {}) {
      return { kind: spec.kind, payload: parseJobPayload(spec.kind, spec.payload, payload), key: options.key, runAt: options.runAt, maxAttempts: spec.retry.maxAttempts } as JobInput<K>;
    },
  };
  declarations.set(spec.kind, declaration as unknown as JobDeclaration);
  return declaration;
}

/** The declaration of a kind, or undefined when no module declared it. */
export function declaredJob(kind: string): JobDeclaration | undefined {
  return declarations.get(kind);
}

/** Thrown for a job no declaration accepts: an unknown kind, or a payload not of its kind's shape. */
export class UndeclaredJobError extends Error {}

export function parseJobPayload(kind: string, schema: z.ZodType<Record<string, unknown>>, payload: unknown): Record<string, unknown> {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new UndeclaredJobError(`The payload of job "${kind}" does not match its declaration: ${parsed.error.issues.map((i) => `${i.path.join(".") || "payload"}: ${i.message}`).join("; ")}`);
  return parsed.data;
}

/**
 * Unique-constraint violations (Prisma's P2002): how Gatehouse learns that a
 * concurrent writer took a value first (a slug, a version, a number). Writers
 * that pick such a value inside their transaction retry; the others turn it
 * into a 409 that names the value.
 */

/** Whether `error` is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null | undefined)?.code === "P2002";
}

export interface UniqueRetryOptions {
  /** how many times `run` is tried in all */
  attempts: number;
  /** called after each violation, before the next try; may throw to stop (e.g. "it exists, move it instead") */
  onViolation?: (error: unknown, attempt: number) => void;
  /** the error to throw when every attempt hit a violation; default: the last violation */
  exhausted?: (error: unknown) => Error;
}

/**
 * Runs `run(attempt)` (attempt counts from 1) until it returns. A unique
 * violation means a racing writer won, so it runs again and reads afresh; any
 * other error is thrown at once.
 */
export async function retryOnUniqueViolation<T>(run: (attempt: number) => Promise<T>, options: UniqueRetryOptions): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(attempt);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      options.onViolation?.(error, attempt);
      if (attempt >= options.attempts) throw options.exhausted ? options.exhausted(error) : error;
    }
  }
}

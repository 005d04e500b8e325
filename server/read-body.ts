import "server-only";
/**
 * H5: request bodies are read with a limit while they stream in, never
 * buffered whole first. A declared Content-Length over the limit is refused
 * before reading a byte; a chunked body without one is refused at the first
 * chunk past the limit, and the rest is not read (the stream is cancelled).
 * Parsed bodies are checked for text PostgreSQL refuses (NUL, lone
 * surrogates), so those are a 400 naming the field, never a 500.
 */
import type { ZodType } from "zod";
import { describeUnstorable, findUnstorableText } from "@/lib/db/storable-text";
import { AppError } from "@/lib/errors/app-error";

/** Limits per kind of body (bytes). */
export const BODY_LIMITS = {
  /** every JSON API body: messages, plans, agent scripts are far smaller */
  json: 1024 * 1024,
  /** sign-up and next-auth's forms: a name, an email, a password, a CSRF token */
  auth: 16 * 1024,
  /** GitHub allows 25 MB; pull_request and check_run payloads are far smaller */
  webhook: 5 * 1024 * 1024,
  /** one MCP JSON-RPC message */
  mcp: 1024 * 1024,
} as const;

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

function tooLarge(limit: number): AppError {
  return new AppError("payload_too_large", `The request body is larger than this endpoint accepts (${formatBytes(limit)}). Send a smaller body.`, {
    limitBytes: limit,
  });
}

/** The body's bytes, refused with 413 as soon as it is known to exceed `limit`. */
export async function readBodyCapped(req: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Stop reading: the rest of an oversized body is never pulled off the socket into memory.
      void reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Bytes as UTF-8 text; invalid UTF-8 is the client's mistake (400). */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new AppError("bad_request", "The request body is not valid UTF-8 text.");
  }
}

/** Refuses a parsed body (or params) holding text PostgreSQL cannot store, naming the field. */
export function assertStorable(value: unknown, path: string[] = []): void {
  const found = findUnstorableText(value, path);
  if (found) throw new AppError("bad_request", describeUnstorable(found), { field: found.path });
}

/** A JSON body, capped, parsed, checked for unstorable text, then parsed with `schema` (zod failures → 400 with paths). */
export async function readJsonBody<T>(req: Request, schema: ZodType<T>, limit: number = BODY_LIMITS.json): Promise<T> {
  const text = decodeUtf8(await readBodyCapped(req, limit));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "The request body must be JSON.");
  }
  assertStorable(body);
  return schema.parse(body);
}

/** A form-encoded body (a browser's native form post), capped and checked like JSON; repeated names keep the last value. */
export async function readFormBody(req: Request, limit: number): Promise<Record<string, string>> {
  const fields = Object.fromEntries(new URLSearchParams(decodeUtf8(await readBodyCapped(req, limit))));
  assertStorable(fields);
  return fields;
}

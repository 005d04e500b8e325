import "server-only";
/**
 * M7: fetch one web page for an agent and return its readable text. The
 * connection goes through the guarded fetch (H4: every hop's address checked,
 * private ranges only where the operator allows them); the body is read with a
 * byte limit before anything is buffered (H5's rule for bodies, applied to
 * responses), and the text given back is cut to a character limit.
 */
import { BlockedDestinationError } from "../net/guarded-fetch";
import { htmlToText } from "./html-to-text";
import { webFetch } from "./web-network";

/** bytes read from a response at most; a larger page is read up to here */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** characters of text returned by default and at most */
export const DEFAULT_PAGE_CHARS = 20_000;
export const MAX_PAGE_CHARS = 50_000;
export const PAGE_TIMEOUT_MS = 20_000;

export class PageFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PageFetchError";
  }
}

export interface FetchedPage {
  url: string;
  status: number;
  contentType: string;
  title: string | null;
  text: string;
  /** the body was longer than MAX_PAGE_BYTES or the text longer than the limit */
  truncated: boolean;
}

async function readLimited(response: Response, limit: number): Promise<{ bytes: Uint8Array; cut: boolean }> {
  const reader = response.body?.getReader();
  if (!reader) return { bytes: new Uint8Array(), cut: false };
  const chunks: Uint8Array[] = [];
  let size = 0;
  let cut = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > limit) {
      chunks.push(value.subarray(0, limit - size));
      size = limit;
      cut = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { bytes, cut };
}

const TEXTUAL = /^(text\/|application\/(json|xml|xhtml\+xml|javascript|ld\+json|rss\+xml|atom\+xml)\b)/i;

export async function fetchPage(url: string, options: { maxChars?: number; signal?: AbortSignal } = {}): Promise<FetchedPage> {
  const maxChars = Math.min(options.maxChars ?? DEFAULT_PAGE_CHARS, MAX_PAGE_CHARS);
  const timeout = AbortSignal.timeout(PAGE_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await webFetch("web page")(url, { headers: { accept: "text/html, text/plain;q=0.9, */*;q=0.5", "user-agent": "Gatehouse-web_fetch" }, signal });
  } catch (error) {
    if (error instanceof BlockedDestinationError) throw new PageFetchError(`Refused: ${error.message} [H4]`);
    if (timeout.aborted) throw new PageFetchError(`${url} did not answer within ${PAGE_TIMEOUT_MS / 1000} s`);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new PageFetchError(`Could not fetch ${url}: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
  }
  const contentType = response.headers.get("content-type") ?? "";
  if (contentType && !TEXTUAL.test(contentType)) {
    await response.body?.cancel().catch(() => undefined);
    throw new PageFetchError(`${url} answered with ${contentType}, which web_fetch does not read (it reads HTML and text)`);
  }
  const { bytes, cut } = await readLimited(response, MAX_PAGE_BYTES);
  const raw = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  const isHtml = /html/i.test(contentType) || (!contentType && /^\s*<(!doctype html|html)/i.test(raw));
  const page = isHtml ? htmlToText(raw) : { title: null, text: raw };
  const text = page.text.length > maxChars ? page.text.slice(0, maxChars) : page.text;
  return { url: response.url || url, status: response.status, contentType, title: page.title, text, truncated: cut || text.length < page.text.length };
}

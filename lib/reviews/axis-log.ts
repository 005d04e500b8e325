/**
 * R5: what people see of a failed axis's output — its end (where test runners
 * and compilers put their verdict), bounded, without terminal colour codes,
 * and with anything shaped like a credential removed (a repository's tests
 * may print a token; H4: no secret is echoed). Text PostgreSQL cannot store
 * (NUL, lone surrogates) is replaced. Pure.
 */
import { scrubForLog } from "../github/scrub-for-log";
import { redactSecrets } from "../models/redact";

/** At most this many characters of output are kept per axis result. */
export const AXIS_LOG_CHARS = 16_000;
/** …and at most this many lines. */
export const AXIS_LOG_LINES = 400;

export function scrubOutput(text: string): string {
  // Colour and cursor codes (CSI, OSC) would show as noise; NUL and lone surrogates cannot be stored.
  const plain = text
    .replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, "")
    .replace(/\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g, "")
    .replace(/\u0000/g, "\ufffd")
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
  return redactSecrets(scrubForLog(plain));
}

/** The kept end of an axis's output, or null when it printed nothing. */
export function axisLog(output: string): string | null {
  const text = output.replace(/\s+$/, "");
  if (!text.trim()) return null;
  const lines = text.split("\n");
  let tail = lines.slice(-AXIS_LOG_LINES).join("\n");
  if (tail.length > AXIS_LOG_CHARS) tail = tail.slice(-AXIS_LOG_CHARS);
  const cut = tail.length < text.length;
  // Scrubbed after cutting (a bounded amount of work) and cut on a line start when it can be.
  const start = cut ? tail.indexOf("\n") + 1 : 0;
  const kept = scrubOutput(cut && start > 0 && start < tail.length / 2 ? tail.slice(start) : tail);
  return cut ? `… (earlier output not kept)\n${kept}` : kept;
}

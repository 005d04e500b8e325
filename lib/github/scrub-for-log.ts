/**
 * H4: an error on its way to the server's log, with anything shaped like a
 * GitHub credential removed — tokens (ghp_, ghs_, gho_, ghu_, ghr_,
 * github_pat_), JWTs, private-key PEM blocks and the value after "token" or
 * "Bearer" — since an unexpected error can quote a request or a header.
 */
const SECRET_SHAPES: readonly RegExp[] = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  /\b(?:gh[pousr]_|github_pat_)[A-Za-z0-9_]{8,}/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g,
  /\b(token|bearer)\s+[^\s"',;]+/gi,
];

export function scrubForLog(text: string): string {
  return SECRET_SHAPES.reduce(
    (out, shape) => out.replace(shape, (_match, word?: unknown) => (typeof word === "string" ? `${word} [redacted]` : "[redacted]")),
    text,
  );
}

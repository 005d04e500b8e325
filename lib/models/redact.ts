/**
 * Keeps secrets out of error messages. Providers sometimes echo the key back
 * (OpenAI's 401 says "Incorrect API key provided: sk-ab***yz"), so messages
 * are scrubbed of the known key and of anything shaped like a credential.
 */

export const REDACTED = "[redacted]";

/** Credential shapes worth hiding even when we do not know the exact key. */
const CREDENTIAL_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bBearer\s+[^\s"',;]+/gi, `Bearer ${REDACTED}`],
  [/\b(?:sk|pk|rk)-[A-Za-z0-9_*-]{6,}/g, REDACTED],
  [/([?&](?:api[_-]?key|key|token|access_token)=)[^&\s"']+/gi, `$1${REDACTED}`],
  // user:password@ in a URL
  [/(\/\/)[^/\s:@]+:[^/\s@]+@/g, `$1${REDACTED}@`],
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function redactSecrets(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text;
  for (const secret of secrets) {
    // Very short "secrets" would shred ordinary words; real keys are long.
    if (secret !== undefined && secret.length >= 4) {
      out = out.replace(new RegExp(escapeRegExp(secret), "g"), REDACTED);
    }
  }
  for (const [pattern, replacement] of CREDENTIAL_PATTERNS) {
    out = out.replace(pattern, replacement);
  }
  return out;
}

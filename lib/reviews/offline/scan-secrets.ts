/**
 * Offline reviewer rule: committed secrets (P0). A credential in a commit is
 * compromised the moment it is pushed; deleting it in a later commit leaves
 * it in history, so it must be revoked. Findings never repeat the secret:
 * titles and bodies carry a redacted form only.
 *
 * Token formats with a distinctive prefix (AKIA…, ghp_…, sk-…) are matched
 * everywhere. `password = "…"` style literals are only matched outside tests
 * and templates, and obvious placeholders ("changeme", "${DB_PASS}", "xxxx")
 * are ignored.
 */
import type { FindingInput } from "../schemas";
import type { AddedLine } from "./scan-lines";
import { lineAnchor } from "./scan-lines";
import { isConfigPath, isProsePath, isTemplatePath, isTestPath } from "./classify-path";

interface TokenRule {
  label: string;
  pattern: RegExp;
  confidence: number;
  /** extra check on the matched value, to keep false positives out */
  accept?: (value: string) => boolean;
}

/** A match, already redacted: findings never carry the secret itself. */
interface Hit {
  label: string;
  confidence: number;
  redacted: string;
}

const mixed = (v: string) => /[0-9]/.test(v) && /[a-z]/.test(v) && /[A-Z]/.test(v);

const TOKEN_RULES: TokenRule[] = [
  { label: "AWS access key", pattern: /\b((?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16})\b/, confidence: 0.95, accept: (v) => !v.endsWith("EXAMPLE") },
  { label: "AWS secret access key", pattern: /aws_?secret_?access_?key["']?\s*[:=]\s*["']?([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/i, confidence: 0.9, accept: mixed },
  { label: "GitHub token", pattern: /\b(gh[pousr]_[A-Za-z0-9]{36,255})\b/, confidence: 0.95 },
  { label: "GitHub fine-grained token", pattern: /\b(github_pat_[A-Za-z0-9_]{22,255})\b/, confidence: 0.95 },
  { label: "Stripe secret key", pattern: /\b([sr]k_live_[0-9A-Za-z]{20,})\b/, confidence: 0.95 },
  { label: "API secret key", pattern: /\b(sk-(?:proj-|ant-(?:api\d\d-)?|svcacct-|admin-)?[A-Za-z0-9_-]{20,})/, confidence: 0.9, accept: (v) => mixed(v.slice(3)) },
  { label: "Slack token", pattern: /\b(xox[abposr]-[0-9A-Za-z-]{10,})/, confidence: 0.9, accept: (v) => /\d{4,}/.test(v) },
];

const PRIVATE_KEY = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/;
const KEY_NAME = String.raw`[\w.-]*?(?:password|passwd|pwd|secret|api[_-]?key|apikey|access[_-]?token|auth[_-]?token|client[_-]?secret)`;
const QUOTED_LITERAL = new RegExp(String.raw`(?:^|[^\w.-])(${KEY_NAME})["']?\s*(?::=|=>|=|:)\s*(["'\`])([^"'\`\s]{4,})\2`, "i");
const CONFIG_LITERAL = new RegExp(String.raw`^\s*(?:export\s+)?(${KEY_NAME})\s*[=:]\s*([^\s#'"]{4,})\s*$`, "i");
const PLACEHOLDER = /^(changeme|change_me|password|passwd|secret|token|string|number|boolean|text|hidden|required|optional|null|none|undefined|true|false|example|sample|dummy|placeholder|redacted|test|testing|your[\w-]*|<.*>|\*+|x+|\.+)$/i;

/** Secrets among a file's added lines. */
export function scanSecrets(path: string, lines: readonly AddedLine[]): FindingInput[] {
  const out: FindingInput[] = [];
  const inTest = isTestPath(path);
  // Translation files are full of `password: "Passwort"`; they hold labels, not credentials.
  const literalsApply = !inTest && !isTemplatePath(path) && !isProsePath(path) && !/(^|\/)(locales?|i18n|l10n|translations?|lang)\//i.test(path);
  for (let i = 0; i < lines.length; i++) {
    const { line, content } = lines[i] as AddedLine;
    if (PRIVATE_KEY.test(content)) {
      // Anchor the whole block when its END line was added too.
      const end = lines.slice(i + 1).find((l) => /-----END [A-Z0-9 ]*PRIVATE KEY/.test(l.content));
      out.push(secret(path, line, end?.line ?? line, "Private key", inTest ? 0.6 : 0.97, "a private key block (-----BEGIN … PRIVATE KEY-----)"));
      if (end) i = lines.indexOf(end);
      continue;
    }
    const hit = matchToken(content) ?? (literalsApply ? matchLiteral(path, content) : null);
    if (!hit) continue;
    const confidence = inTest ? Math.min(hit.confidence, 0.6) : hit.confidence;
    out.push(secret(path, line, line, hit.label, confidence, `what looks like ${article(hit.label)} ${hit.label} (${hit.redacted})`));
  }
  return out;
}

function matchToken(content: string): Hit | null {
  for (const rule of TOKEN_RULES) {
    const value = rule.pattern.exec(content)?.[1];
    if (value && (!rule.accept || rule.accept(value)) && !isPlaceholder(value)) {
      // The prefix names the token format and is safe to show; the rest is not.
      return { label: rule.label, confidence: rule.confidence, redacted: `${value.slice(0, 4)}… redacted, ${value.length} characters` };
    }
  }
  return null;
}

function matchLiteral(path: string, content: string): Hit | null {
  const quoted = QUOTED_LITERAL.exec(content);
  if (quoted?.[1] && quoted[3] && !isPlaceholder(quoted[3]) && looksLikeCredential(quoted[3])) {
    return { label: `hard-coded ${quoted[1]}`, confidence: 0.8, redacted: `value redacted, ${quoted[3].length} characters` };
  }
  if (!isConfigPath(path)) return null;
  const bare = CONFIG_LITERAL.exec(content);
  if (bare?.[1] && bare[2] && !isPlaceholder(bare[2]) && looksLikeCredential(bare[2])) {
    return { label: `hard-coded ${bare[1]}`, confidence: 0.8, redacted: `value redacted, ${bare[2].length} characters` };
  }
  return null;
}

/** References (${X}, {{x}}, %(x)s, env(x), !vault), repeated characters and stock words are not secrets. */
function isPlaceholder(value: string): boolean {
  if (/^[$%{<!]|^env\(|process\.env|os\.environ|\{\{|\$\{/i.test(value)) return true;
  if (/(.)\1{5,}/.test(value) || /x{4,}|\*{3,}|\.{3,}/i.test(value)) return true;
  if (/your[_-]?|example|placeholder|dummy|redacted|changeme/i.test(value)) return true;
  return PLACEHOLDER.test(value);
}

/** A literal value that is a short plain word ("Kennwort", "Bearer") is a label, not a credential. */
function looksLikeCredential(value: string): boolean {
  return /[^A-Za-z]/.test(value) || value.length >= 12;
}

function secret(path: string, start: number, end: number, label: string, confidence: number, what: string): FindingInput {
  return {
    kind: "bug",
    priority: "P0",
    confidence,
    title: `${label.charAt(0).toUpperCase()}${label.slice(1)} committed`,
    body:
      `Rule "committed secret": this change adds ${what}. A credential that reaches a commit is exposed to everyone ` +
      `with access to the repository, and removing it in a later commit leaves it in history. Revoke or rotate it, ` +
      `then load it from the environment or a secret store.` +
      (confidence <= 0.6 ? " It sits in a test path, so it may be a throwaway test value; if so, dismiss this finding." : ""),
    anchor: lineAnchor(path, start, end),
  };
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}

/**
 * A refused field in the words of the person who filled the form: "The
 * message can't be empty." rather than "content: Too small: expected string
 * to have >=1 characters". API field names (`body`, `content`) stay in the
 * problem's `issues` for programs; what a person reads names the thing they
 * typed. Pure, shared by the server's error mapping and the client's forms.
 */

/** The issue fields this needs (a zod issue fits; so does a problem's `{ path, message }`). */
export interface IssueLike {
  path: readonly PropertyKey[] | string;
  message: string;
  code?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  format?: string;
  values?: readonly unknown[];
  keys?: readonly string[];
}

/** What people call the fields the API names. */
const LABELS: Record<string, string> = {
  body: "The text",
  content: "The message",
  comment: "The comment",
  reason: "The reason",
  title: "The title",
  name: "The name",
  email: "The email address",
  password: "The password",
  message: "The message",
  answer: "The answer",
  summary: "The summary",
  description: "The description",
  url: "The address",
  baseUrl: "The base URL",
  remoteUrl: "The remote URL",
  path: "The folder",
  defaultBranch: "The default branch",
  githubFullName: "The GitHub name",
  webhookSecret: "The webhook secret",
  token: "The token",
  priority: "The priority",
  confidence: "The confidence",
  kind: "The kind",
  role: "The role",
  mode: "The mode",
  headRef: "The branch to merge",
  baseRef: "The branch to merge into",
  repositoryId: "The repository",
  agentId: "The agent",
  userId: "The person",
};

function segments(path: IssueLike["path"]): string[] {
  return (typeof path === "string" ? path.split(".") : path.map(String)).filter((s) => s !== "");
}

/** The label of an issue's field: its last named segment, in words ("moduleAllowlist" → "Module allowlist"). */
export function fieldLabel(path: IssueLike["path"]): string {
  const named = segments(path).filter((s) => !/^\d+$/.test(s));
  const last = named.at(-1);
  if (!last) return "This";
  if (LABELS[last]) return LABELS[last];
  const words = last.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ZOD_DEFAULT = /^(Invalid (input|option|URL|email|string|value|key|element|union|date)|Too (small|big)|Unrecognized keys?|Expected )/;

const sentence = (text: string) => {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?)]$/.test(capital) ? capital : `${capital}.`;
};

/** One issue as a sentence a person can act on. */
export function issueWords(issue: IssueLike): string {
  const label = fieldLabel(issue.path);
  const message = issue.message.trim();
  if (!ZOD_DEFAULT.test(message)) {
    // Our schemas' fragments ("must be at most 240 characters") read after the field's name.
    if (/^(must|is|are|should|needs?|cannot|can't) /.test(message)) return sentence(`${label} ${message}`);
    return sentence(message);
  }
  const noun = issue.origin === "array" || issue.origin === "set" ? "items" : "characters";
  switch (issue.code) {
    case "too_small":
      if (issue.origin === "number" || issue.origin === "bigint") return `${label} must be at least ${String(issue.minimum)}.`;
      return Number(issue.minimum) <= 1 ? `${label} can't be empty.` : `${label} needs at least ${String(issue.minimum)} ${noun}.`;
    case "too_big":
      if (issue.origin === "number" || issue.origin === "bigint") return `${label} must be at most ${String(issue.maximum)}.`;
      return `${label} can be at most ${String(issue.maximum)} ${noun}.`;
    case "invalid_type":
      return /received undefined/.test(message) ? `${label} is missing.` : `${label} is not the right kind of value.`;
    case "invalid_value":
      return issue.values?.length ? `${label} must be one of: ${issue.values.map(String).join(", ")}.` : `${label} is not one of the choices.`;
    case "invalid_format":
      if (issue.format === "email") return `${label} must look like ada@example.com.`;
      if (issue.format === "url") return `${label} must be a full address, like https://example.com.`;
      return `${label} is not in the expected format.`;
    case "unrecognized_keys":
      return `This form does not take ${issue.keys?.length === 1 ? "the field" : "the fields"} ${(issue.keys ?? []).map((k) => `"${k}"`).join(", ")}; leave ${issue.keys?.length === 1 ? "it" : "them"} out.`;
    default:
      return `${label} is not valid.`;
  }
}

/**
 * The message shown beside the field an issue names: a schema's own words as
 * written (they were written for that spot), zod's defaults and bare fragments
 * in words.
 */
export function fieldMessage(issue: IssueLike): string {
  const message = issue.message.trim();
  return ZOD_DEFAULT.test(message) || /^(must|is|are|should|needs?|cannot|can't) /.test(message) ? issueWords(issue) : message;
}

/** Every issue as one message (each sentence once), for a problem's `detail`. */
export function describeIssues(issues: readonly IssueLike[]): string {
  return [...new Set(issues.map(issueWords))].join(" ") || "The request is not valid.";
}

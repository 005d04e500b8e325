/**
 * R10: findings' discussion threads as the text a follow-up review reads with
 * its request, and the reading of that text back (the built-in reviewer
 * answers it). Pure. Bounded: the findings with the newest replies first, the
 * latest replies of each, each reply on one clipped line, so a long
 * discussion cannot crowd the diff out of a model's context.
 */

export const DISCUSSION_HEADING = "Replies on findings of this pull request";
export const MAX_DISCUSSED_FINDINGS = 20;
export const MAX_REPLIES_PER_FINDING = 5;
const MAX_REPLY_CHARS = 1_000;

export interface DiscussedFinding {
  id: string;
  kind: string;
  priority: string;
  status: string;
  title: string;
  file: string | null;
  startLine: number | null;
  endLine: number | null;
  /** oldest first */
  replies: { who: string; body: string }[];
}

/** The section appended to a review request; "" when nobody replied. `more` = findings with replies left out. */
export function formatDiscussions(findings: readonly DiscussedFinding[], more = 0): string {
  if (findings.length === 0) return "";
  const lines = [`${DISCUSSION_HEADING} (answer them in your summary):`];
  for (const f of findings) {
    const where = f.file && f.startLine ? ` at ${f.file}:${f.startLine}${f.endLine && f.endLine !== f.startLine ? `-${f.endLine}` : ""}` : "";
    lines.push(`- [${f.priority} ${f.kind}, ${f.status}] "${oneLine(f.title)}"${where} (finding ${f.id})`);
    for (const r of f.replies) lines.push(`  - ${oneLine(r.who).replace(/:/g, " ")}: ${clip(r.body)}`);
  }
  if (more > 0) lines.push(`(${more} more finding${more === 1 ? " has" : "s have"} replies; they are in the review room)`);
  return lines.join("\n");
}

export interface ReadDiscussion {
  title: string;
  replies: { who: string; body: string }[];
}

/** The discussions in a review request, as formatDiscussions wrote them; [] when there are none. */
export function readDiscussions(request: string): ReadDiscussion[] {
  const at = request.indexOf(`${DISCUSSION_HEADING} (`);
  if (at === -1) return [];
  const out: ReadDiscussion[] = [];
  for (const line of request.slice(at).split("\n").slice(1)) {
    const finding = /^- \[[^\]]*\] "(.*)"(?: at \S+)? \(finding [^)]+\)$/.exec(line);
    if (finding) {
      out.push({ title: finding[1]!, replies: [] });
      continue;
    }
    const reply = /^ {2}- ([^:]+): (.*)$/.exec(line);
    if (reply && out.length > 0) out.at(-1)!.replies.push({ who: reply[1]!, body: reply[2]! });
  }
  return out;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function clip(text: string): string {
  const flat = oneLine(text);
  return flat.length > MAX_REPLY_CHARS ? `${flat.slice(0, MAX_REPLY_CHARS - 1)}…` : flat;
}

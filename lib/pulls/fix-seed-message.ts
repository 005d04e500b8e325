/**
 * The first message of a "Fix with an agent" room: everything the agent needs
 * to act on one finding — where it is, what is wrong, the suggested change and
 * what people said about it (R10) — in Markdown. Pure.
 */

export interface FixSeedInput {
  pull: { number: number; headRef: string; headSha: string };
  finding: { kind: string; priority: string; title: string; body: string; suggestion: string | null; file: string | null; startLine: number | null; endLine: number | null };
  replies: { who: string; body: string }[];
}

/** Bounds so a long discussion stays a message (MESSAGE_MAX_LENGTH is 20,000). */
const MAX_BODY = 6_000;
const MAX_SUGGESTION = 4_000;
const MAX_REPLY = 1_000;
const MAX_REPLIES = 8;

export function fixSeedMessage({ pull, finding, replies }: FixSeedInput): string {
  const where = finding.file && finding.startLine
    ? `\`${finding.file}\` lines ${finding.startLine}–${finding.endLine ?? finding.startLine}`
    : "the repository as a whole (no single place)";
  const parts = [
    `Fix this review finding from pull request #${pull.number} (${pull.headRef} at ${pull.headSha.slice(0, 12)}). This room's worktree starts at that commit.`,
    `**${finding.priority} ${finding.kind}: ${finding.title}**\n\nWhere: ${where}`,
  ];
  if (finding.body.trim()) parts.push(clip(finding.body.trim(), MAX_BODY));
  if (finding.suggestion?.trim()) {
    const code = clip(finding.suggestion, MAX_SUGGESTION);
    // A fence longer than any run of backticks inside, so the suggestion cannot close it early.
    const fence = "`".repeat(Math.max(3, ...(code.match(/`+/g) ?? []).map((run) => run.length + 1)));
    parts.push(`Suggested change:\n\n${fence}\n${code}\n${fence}`);
  }
  if (replies.length > 0) {
    const shown = replies.slice(-MAX_REPLIES);
    const skipped = replies.length - shown.length;
    parts.push(
      [`What people said about it${skipped > 0 ? ` (the last ${shown.length} of ${replies.length} replies)` : ""}:`, ...shown.map((r) => `> **${r.who}:** ${clip(r.body, MAX_REPLY).replace(/\n/g, "\n> ")}`)].join("\n\n"),
    );
  }
  parts.push("Make the smallest change that fixes it, keep the tests passing, and commit it with a message naming the finding. If people's replies say it is intended, explain instead of changing code.");
  return parts.join("\n\n");
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

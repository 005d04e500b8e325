/**
 * R12: a finding as a pull-request review comment. Each body carries a hidden
 * marker naming the finding, so a publish that died after GitHub created the
 * comment (but before Gatehouse stored its id) finds it again instead of
 * posting a second one. A resolved or dismissed finding's comment is edited to
 * say so (the REST API cannot resolve a thread), never deleted: the discussion
 * under it stays.
 */
import { createHash } from "node:crypto";
import { quiet } from "./check-run-body";

export interface CommentFinding {
  id: string;
  kind: string;
  priority: string;
  title: string;
  body: string;
  suggestion: string | null;
  status: string;
  statusReason: string | null;
  file: string;
  startLine: number;
  endLine: number;
}

export function findingMarker(findingId: string): string {
  return `<!-- gatehouse:finding:${findingId} -->`;
}

/** Open and consensus-ready findings are live; resolved and dismissed ones are closed. */
export function isLive(status: string): boolean {
  return status === "open" || status === "consensusReady";
}

export function commentBody(finding: CommentFinding, roomUrl: string | null): string {
  const head = `**${finding.priority} ${finding.kind}** · ${quiet(finding.title)}`;
  const link = roomUrl ? `\n\n[Discuss in Gatehouse](${roomUrl})` : "";
  const marker = `\n\n${findingMarker(finding.id)}`;
  if (!isLive(finding.status)) {
    const how = finding.status === "resolved" ? "Resolved" : "Dismissed";
    const why = finding.statusReason ? `: ${quiet(finding.statusReason)}` : "";
    return `~~${head}~~\n\n**${how} in Gatehouse**${why}${link}${marker}`;
  }
  // A suggestion block lets people apply the change from GitHub's own page.
  const suggestion = finding.suggestion ? `\n\n\`\`\`suggestion\n${finding.suggestion.replace(/\n?$/, "\n")}\`\`\`` : "";
  return `${head}\n\n${quiet(finding.body)}${suggestion}${link}${marker}`;
}

/** What was sent: the body and where it is anchored (an anchor cannot be edited, only a body). */
export function sentHash(body: string, finding: Pick<CommentFinding, "file" | "startLine" | "endLine">): string {
  return createHash("sha256").update(`${finding.file}\n${finding.startLine}\n${finding.endLine}\n${body}`).digest("hex");
}

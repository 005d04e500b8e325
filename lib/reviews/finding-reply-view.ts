/** R10: one reply of a finding's discussion thread as the browser gets it. */

export interface FindingReplyView {
  id: string;
  findingId: string;
  /** "user:<id>" or "agent:<name>" */
  author: string;
  authorName: string;
  body: string;
  createdAt: string;
}

export function toReplyView(row: { id: string; findingId: string; author: string; authorUserId: string | null; body: string; createdAt: Date }, names: ReadonlyMap<string, string>): FindingReplyView {
  const authorName = row.author.startsWith("agent:") ? row.author.slice("agent:".length) : ((row.authorUserId && names.get(row.authorUserId)) ?? "Someone");
  return { id: row.id, findingId: row.findingId, author: row.author, authorName, body: row.body, createdAt: row.createdAt.toISOString() };
}

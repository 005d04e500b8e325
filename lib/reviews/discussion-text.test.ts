import { describe, expect, it } from "vitest";
import { DISCUSSION_HEADING, formatDiscussions, readDiscussions, type DiscussedFinding } from "./discussion-text";

const finding = (over: Partial<DiscussedFinding> = {}): DiscussedFinding => ({
  id: "f1",
  kind: "bug",
  priority: "P1",
  status: "open",
  title: "Source changed without tests",
  file: "src/a.ts",
  startLine: 4,
  endLine: 6,
  replies: [{ who: "Sam", body: "This is intended because\nthe tests land in #12." }],
  ...over,
});

describe("R10: replies as a follow-up review reads them", () => {
  it("R10: no replies, no section; replies become one line each under their finding", () => {
    expect(formatDiscussions([])).toBe("");
    const text = formatDiscussions([finding(), finding({ id: "f2", title: "Repo-wide", file: null, startLine: null, endLine: null, replies: [{ who: "Dana: lead", body: "ok" }] })], 3);
    expect(text.split("\n")).toEqual([
      `${DISCUSSION_HEADING} (answer them in your summary):`,
      `- [P1 bug, open] "Source changed without tests" at src/a.ts:4-6 (finding f1)`,
      "  - Sam: This is intended because the tests land in #12.",
      `- [P1 bug, open] "Repo-wide" (finding f2)`,
      "  - Dana  lead: ok",
      "(3 more findings have replies; they are in the review room)",
    ]);
  });

  it("R10: the built-in reviewer reads back what was written, after the commits line of a review request", () => {
    const request = `New commits were pushed.\n\nbase=${"a".repeat(40)} head=${"b".repeat(40)}\n\n${formatDiscussions([finding(), finding({ id: "f2", title: 'Says "hi"', replies: [] })])}`;
    expect(readDiscussions(request)).toEqual([
      { title: "Source changed without tests", replies: [{ who: "Sam", body: "This is intended because the tests land in #12." }] },
      { title: 'Says "hi"', replies: [] },
    ]);
    expect(readDiscussions("Review pull request #1.\n\nbase=x head=y")).toEqual([]);
  });

  it("R10: a long reply is clipped so a discussion cannot crowd out the diff", () => {
    const text = formatDiscussions([finding({ replies: [{ who: "Sam", body: "x".repeat(5000) }] })]);
    expect(text.split("\n")[2]!.length).toBeLessThan(1_020);
    expect(text).toContain("…");
  });
});

import { describe, expect, it } from "vitest";
import type { DiffFile, FindingView } from "@/components/pulls/pull-types";
import { chunkRanges, placeFindings, placementsIn, splitRows, unifiedRows } from "./diff-rows";

const file: DiffFile = {
  oldPath: "src/a.js",
  newPath: "src/a.js",
  status: "modified",
  binary: false,
  additions: 3,
  deletions: 2,
  hunks: [
    {
      oldStart: 10,
      oldLines: 4,
      newStart: 10,
      newLines: 5,
      section: "function f()",
      lines: [
        { type: "context", content: "a", oldLine: 10, newLine: 10 },
        { type: "del", content: "b", oldLine: 11, newLine: null },
        { type: "del", content: "c", oldLine: 12, newLine: null },
        { type: "add", content: "B", oldLine: null, newLine: 11 },
        { type: "add", content: "C", oldLine: null, newLine: 12 },
        { type: "add", content: "D", oldLine: null, newLine: 13 },
        { type: "context", content: "e", oldLine: 13, newLine: 14 },
      ],
    },
  ],
};

function finding(id: string, startLine: number, endLine = startLine): FindingView {
  return {
    id,
    pullRequestId: "p",
    kind: "bug",
    priority: "P1",
    confidence: 0.9,
    title: id,
    body: "",
    suggestion: null,
    anchor: { file: "src/a.js", startLine, endLine, sha: "h" },
    outdated: false,
    status: "open",
    statusReason: null,
    author: "agent:x",
    authorUserId: null,
    authorName: "x",
    runId: null,
    confirmations: [],
    requiredConfirmations: 1,
    replyCount: 0,
    fixRoom: null,
    createdAt: "",
    updatedAt: "",
  };
}

describe("diff rows", () => {
  it("draws a hunk header and one row per line in unified mode", () => {
    const rows = unifiedRows(file);
    expect(rows).toHaveLength(8);
    expect(rows[0]).toMatchObject({ kind: "hunk", text: "@@ -10,4 +10,5 @@ function f()" });
    expect(rows[2]).toMatchObject({ kind: "line", type: "del", oldLine: 11, newLine: null });
  });

  it("pairs removals with the additions after them in split mode", () => {
    const rows = splitRows(file);
    expect(rows.map((r) => (r.kind === "pair" ? `${r.left?.content ?? "-"}|${r.right?.content ?? "-"}` : "@@"))).toEqual(["@@", "a|a", "b|B", "c|C", "-|D", "e|e"]);
  });

  it("places a finding under the last shown line of its range and marks every shown line", () => {
    const rows = unifiedRows(file);
    const { placed, offDiff } = placeFindings(rows, [finding("f1", 11, 12), finding("f2", 40)]);
    expect(offDiff.map((f) => f.id)).toEqual(["f2"]);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.markRows).toEqual([4, 5]);
    expect(placed[0]!.cardRow).toBe(5);
    expect(placementsIn(placed, 0, 5)).toHaveLength(1);
    expect(placementsIn(placed, 6, 8)).toHaveLength(0);
  });

  it("places by the new side in split mode", () => {
    const rows = splitRows(file);
    const { placed } = placeFindings(rows, [finding("f", 13)]);
    expect(placed[0]!.cardRow).toBe(4);
  });

  it("cuts rows into chunks", () => {
    expect(chunkRanges(250, 100)).toEqual([
      { start: 0, end: 100 },
      { start: 100, end: 200 },
      { start: 200, end: 250 },
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { encodeCursor, historyCursor } from "./history-cursor";

describe("history cursors", () => {
  it("a cursor names its entry exactly: time to the millisecond and id", () => {
    const key = { at: new Date("2026-11-30T19:40:53.123Z"), id: "cmx3omi890005mn7d01v2tlzc" };
    const cursor = encodeCursor(key);
    expect(cursor).toBe(`${key.at.getTime()}_${key.id}`);
    expect(historyCursor.parse(cursor)).toEqual(key);
  });

  it("refuses what no page handed out, saying what to send", () => {
    for (const bad of ["", "yesterday", "12", "_abc", "1_", "1_a b", "1_a;drop", `1_${"x".repeat(65)}`]) {
      const parsed = historyCursor.safeParse(bad);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/cursor must be one an earlier history page returned/);
    }
  });
});

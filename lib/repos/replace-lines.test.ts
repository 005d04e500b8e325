import { describe, expect, it } from "vitest";
import { LineChangeRefused, replaceLines } from "./commit-line-change";

describe("replacing a finding's lines with its suggestion", () => {
  it("replaces the inclusive range, keeps the final newline and the file's line endings", () => {
    expect(replaceLines("a\nb\nc\n", 2, 2, "B")).toBe("a\nB\nc\n");
    expect(replaceLines("a\nb\nc\n", 1, 2, "x\ny\nz\n")).toBe("x\ny\nz\nc\n");
    expect(replaceLines("a\r\nb\r\n", 2, 2, "B")).toBe("a\r\nB\r\n");
    expect(replaceLines("a\nb", 2, 2, "B")).toBe("a\nB");
    expect(replaceLines("a\nb\nc\n", 2, 2, "")).toBe("a\nc\n");
  });

  it("refuses lines the file does not have, or a reversed range", () => {
    expect(() => replaceLines("a\n", 2, 2, "x")).toThrow(LineChangeRefused);
    expect(() => replaceLines("a\nb\n", 2, 1, "x")).toThrow(/do not exist/);
    expect(() => replaceLines("a\n", 0, 1, "x")).toThrow(LineChangeRefused);
  });
});

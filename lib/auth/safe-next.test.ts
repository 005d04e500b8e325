import { describe, expect, it } from "vitest";
import { safeNext } from "./safe-next";

describe("safeNext", () => {
  it("follows paths on this site", () => {
    expect(safeNext("/w/acme/settings?tab=1")).toBe("/w/acme/settings?tab=1");
  });

  it("falls back for anything that could leave the site", () => {
    for (const next of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "/\tevil", "", undefined, null]) {
      expect(safeNext(next)).toBe("/w");
    }
  });

  it("takes the first of repeated parameters", () => {
    expect(safeNext(["/a", "/b"])).toBe("/a");
  });
});

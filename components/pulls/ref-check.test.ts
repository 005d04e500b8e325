import { describe, expect, it } from "vitest";
import { refProblem } from "./ref-check";

describe("refProblem", () => {
  it("accepts branches, tags, commit ids and ancestry steps", () => {
    for (const ok of ["main", "feature/discount-cap", "v1.2.3", "HEAD~2", "a1b2c3d", "release/2024_10"]) expect(refProblem(ok)).toBeNull();
  });
  it("refuses what git or the server would refuse", () => {
    for (const bad of ["", " ", "-x", ".hidden", "a..b", "a//b", "a/.b", "a/", "a.", "x.lock", "has space", "a;rm", "$(x)", "main@{1}"]) expect(refProblem(bad)).not.toBeNull();
  });
});

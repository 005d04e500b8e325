import { describe, expect, it } from "vitest";
import { distinct, facet, matchesQuery } from "./list-filter";

describe("list filter", () => {
  it("every word of the query must appear in some field, case-insensitively; #12 finds number 12", () => {
    const fields = ["Add pricing page", "web", 12, null];
    expect(matchesQuery("", fields)).toBe(true);
    expect(matchesQuery("pricing WEB", fields)).toBe(true);
    expect(matchesQuery("#12", fields)).toBe(true);
    expect(matchesQuery("pricing api", fields)).toBe(false);
  });

  it("an unset facet matches everything; a set one only its value; options are distinct and sorted", () => {
    expect(facet("", "open")).toBe(true);
    expect(facet("open", "open")).toBe(true);
    expect(facet("open", "merged")).toBe(false);
    expect(facet("ship", null)).toBe(false);
    expect(distinct([{ r: "web" }, { r: "api" }, { r: null }, { r: "web" }], (x) => x.r)).toEqual(["api", "web"]);
  });
});

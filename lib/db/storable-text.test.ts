import { describe, expect, it } from "vitest";
import { describeUnstorable, findUnstorableText, unstorableReason } from "./storable-text";

describe("text PostgreSQL refuses", () => {
  it("H5: a NUL anywhere in a JSON body is found and named by its path", () => {
    expect(findUnstorableText({ name: "ok", items: [{ title: "a\u0000b" }] })).toEqual({
      path: "items.0.title",
      reason: expect.stringMatching(/NUL/),
    });
    expect(findUnstorableText("\u0000")?.path).toBe("body");
  });

  it("H5: unpaired surrogates are refused, paired ones (emoji) pass", () => {
    expect(unstorableReason("ship it \u{1F680}")).toBeNull();
    expect(unstorableReason("\uD800")).toMatch(/surrogate/);
    expect(unstorableReason("a\uDC00b")).toMatch(/surrogate/);
    expect(unstorableReason("\uDBFF\uDFFF")).toBeNull();
    expect(unstorableReason("\uD83D x")).toMatch(/surrogate/);
  });

  it("H5: object keys are checked too, and the message says what to fix", () => {
    const found = findUnstorableText({ data: { "k\u0000": 1 } })!;
    expect(found.path).toBe("data.k\u0000");
    expect(describeUnstorable(found)).toMatch(/field name .*NUL.*Remove that character/);
  });

  it("H5: numbers, booleans and null are fine", () => {
    expect(findUnstorableText({ a: 1, b: true, c: null, d: [1, "x"] })).toBeNull();
  });
});

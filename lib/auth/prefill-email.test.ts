import { describe, expect, it } from "vitest";
import { prefillEmail } from "./prefill-email";

describe("prefill email", () => {
  it("an invite's address starts the form; anything that is not an address starts it empty", () => {
    expect(prefillEmail("Ada@Example.com")).toBe("ada@example.com");
    expect(prefillEmail(["sam@example.com", "x@y.z"])).toBe("sam@example.com");
    expect(prefillEmail("javascript:alert(1)")).toBe("");
    expect(prefillEmail(undefined)).toBe("");
    expect(prefillEmail(`${"a".repeat(250)}@example.com`)).toBe("");
  });
});

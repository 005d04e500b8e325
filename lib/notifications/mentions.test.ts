import { describe, expect, it } from "vitest";
import { handleOf, mentions } from "./mentions";

describe("mentions", () => {
  it("a person's handle is their email's local part; @handle mentions them, case-insensitively", () => {
    expect(handleOf("Ada.Lovelace@example.com")).toBe("ada.lovelace");
    expect(mentions("thanks @ada, can you look?", "ada")).toBe(true);
    expect(mentions("@ADA please", "ada")).toBe(true);
    expect(mentions("ping @ada.lovelace.", "ada.lovelace")).toBe(true);
  });

  it("an email address, a longer handle or a bare word is not a mention", () => {
    expect(mentions("write to bob@ada.dev", "ada")).toBe(false);
    expect(mentions("hi @adam", "ada")).toBe(false);
    expect(mentions("@ada-team", "ada")).toBe(false);
    expect(mentions("ada did it", "ada")).toBe(false);
    expect(mentions("anything", "")).toBe(false);
  });
});

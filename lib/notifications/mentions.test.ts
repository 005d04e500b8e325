import { describe, expect, it } from "vitest";
import { activeMention, handleOf, handlesFor, insertMention, mentions } from "./mentions";

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

  it("two members sharing a local part get distinct handles, and the shared one names neither", () => {
    const handles = handlesFor([
      { id: "1", email: "ada@example.com" },
      { id: "2", email: "Ada@acme.dev" },
      { id: "3", email: "sam@example.com" },
    ]);
    expect(handles).toEqual(new Map([["2", "ada.acme.dev"], ["1", "ada.example.com"], ["3", "sam"]]));
    expect(mentions("@ada please look", handles.get("1")!)).toBe(false);
    expect(mentions("@ada.example.com please look", handles.get("1")!)).toBe(true);
    expect(mentions("@ada.example.com please look", handles.get("2")!)).toBe(false);
  });

  it("handles stay distinct however addresses line up", () => {
    const handles = handlesFor([
      { id: "a", email: "a.b@c.d" },
      { id: "b", email: "a@b.c.d" },
      { id: "c", email: "a@x.y" },
      { id: "d", email: "a.b.c.d@z.z" },
    ]);
    expect(new Set(handles.values()).size).toBe(4);
    for (const [id, handle] of handles) for (const [other, theirs] of handles) if (id !== other) expect(mentions(`@${handle}`, theirs), `${handle} vs ${theirs}`).toBe(false);
  });

  it("the composer finds the @ being typed and completes it", () => {
    expect(activeMention("hi @ad", 6)).toEqual({ start: 3, query: "ad" });
    expect(activeMention("@", 1)).toEqual({ start: 0, query: "" });
    expect(activeMention("mail bob@ad", 11)).toBeNull();
    expect(activeMention("hi @ad there", 12)).toBeNull();
    expect(insertMention("hi @ad", 3, 6, "ada.example.com")).toEqual({ text: "hi @ada.example.com ", caret: 20 });
    expect(insertMention("hi @ad, look", 3, 6, "ada")).toEqual({ text: "hi @ada, look", caret: 7 });
    expect(insertMention("hi @ad there", 3, 6, "ada")).toEqual({ text: "hi @ada there", caret: 7 });
  });
});

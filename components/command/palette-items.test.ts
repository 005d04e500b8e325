import { describe, expect, it } from "vitest";
import { placeItems, rankItems, type PaletteItem } from "./palette-items";

describe("command palette items", () => {
  const items: PaletteItem[] = [
    ...placeItems("acme", "owner"),
    { id: "room-1", group: "Rooms", label: "Pricing refactor", hint: "web", href: "/w/acme/rooms/1" },
    { id: "pull-7", group: "Pull requests", label: "#7 Add pricing page", hint: "web", href: "/w/acme/pulls/7" },
  ];

  it("an empty query lists places and actions first; a query keeps items whose words all match", () => {
    expect(rankItems(items, "")[0]!.label).toBe("Rooms");
    expect(rankItems(items, "pricing").map((i) => i.id)).toEqual(["room-1", "pull-7"]);
    expect(rankItems(items, "pricing web page").map((i) => i.id)).toEqual(["pull-7"]);
    expect(rankItems(items, "zzz")).toEqual([]);
  });

  it("labels starting with the query rank first", () => {
    expect(rankItems(items, "in").map((i) => i.label).slice(0, 2)).toEqual(["Inbox", "Invite people"]);
  });

  it("workspace paths are encoded", () => {
    expect(placeItems("a b", "viewer")[0]!.href).toBe("/w/a%20b");
  });

  it("members are not offered admin actions; viewers are not offered actions they cannot take", () => {
    const ids = (role: "owner" | "admin" | "member" | "viewer") => placeItems("acme", role).map((i) => i.id);
    expect(ids("admin")).toEqual(expect.arrayContaining(["act-invite", "go-members", "go-webhook", "act-new-room"]));
    expect(ids("member")).not.toContain("act-invite");
    expect(placeItems("acme", "member").find((i) => i.id === "go-members")?.label).toBe("Members");
    expect(ids("member")).not.toContain("go-webhook");
    expect(ids("member")).toEqual(expect.arrayContaining(["act-new-room", "act-new-pull", "go-inbox"]));
    expect(ids("viewer")).not.toContain("act-new-room");
    expect(ids("viewer")).not.toContain("act-new-pull");
    expect(ids("viewer")).toContain("go-pulls");
  });
});

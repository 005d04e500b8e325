import { describe, expect, it } from "vitest";
import { EMPTY_POLICY } from "../modes/declared";
import { defaultProfile } from "../modes/resolve-profile";
import { createRoomBody, updateRoomBody } from "./schemas";

describe("room request bodies", () => {
  it("S1: people can pick Agent (chat), Plan or Orchestrate for a room — never review", () => {
    for (const mode of ["chat", "plan", "orchestrate"]) {
      expect(createRoomBody.safeParse({ name: "r", mode }).success).toBe(true);
      expect(updateRoomBody.safeParse({ mode }).success).toBe(true);
    }
    const created = createRoomBody.safeParse({ name: "r", mode: "review" });
    const updated = updateRoomBody.safeParse({ mode: "review" });
    expect(created.success).toBe(false);
    expect(updated.success).toBe(false);
    expect(updated.error?.issues[0]?.message).toMatch(/review rooms are opened for pull requests/);
  });

  it("S1, X1: a new room without a mode gets the workspace's default — Agent (chat) when none is declared", () => {
    expect(createRoomBody.parse({ name: "r" }).mode).toBeUndefined();
    const fresh = defaultProfile(EMPTY_POLICY);
    expect([fresh.id, fresh.label]).toEqual(["chat", "Agent"]);
  });

  it("X1: a declared mode's id is accepted by the body; whether the workspace declares it is the transition's to say", () => {
    expect(createRoomBody.parse({ name: "r", mode: "security-audit" }).mode).toBe("security-audit");
    expect(updateRoomBody.safeParse({ mode: "" }).success).toBe(false);
  });
});

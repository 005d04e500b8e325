import { describe, expect, it } from "vitest";
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

  it("S1: a new room without a mode starts in chat, shown as Agent", () => {
    expect(createRoomBody.parse({ name: "r" }).mode).toBe("chat");
  });
});

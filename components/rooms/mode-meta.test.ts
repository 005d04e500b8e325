import { describe, expect, it } from "vitest";
import { AUTONOMY_LEVELS, autonomyExplanation } from "./mode-meta";

describe("autonomy words", () => {
  it("G3/M5: in a read-only mode the dial never says file edits run on their own", () => {
    for (const level of AUTONOMY_LEVELS) {
      const words = autonomyExplanation(level, "read-only");
      expect(words).not.toMatch(/file edits run on their own/i);
      expect(words).toMatch(/cannot edit files/);
    }
  });

  it("G3: in a writable mode auto-edit says file edits run on their own and commands wait", () => {
    expect(autonomyExplanation("auto_edit", "read-write")).toBe("File edits run on their own; commands wait for a person to confirm them.");
  });
});

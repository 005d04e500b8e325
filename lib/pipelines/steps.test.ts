import { describe, expect, it } from "vitest";
import { stepRoomMode } from "./steps";

describe("step room mode", () => {
  // S2: exact matches apply; everything else is ignored and the step's default applies.
  const cases: [kind: string, extras: unknown, expected: string][] = [
    ["agent", { mode: "chat" }, "chat"],
    ["agent", { mode: "review" }, "review"],
    ["agent", { mode: "plan" }, "plan"],
    ["review", { mode: "plan" }, "plan"],
    ["review", { mode: "chat" }, "chat"],
    ["agent", { mode: "orchestrate" }, "chat"],
    ["review", { mode: "orchestrate" }, "review"],
    ["agent", { mode: "Review" }, "chat"],
    ["review", { mode: "REVIEW" }, "review"],
    ["agent", { mode: "plan " }, "chat"],
    ["agent", { mode: " plan" }, "chat"],
    ["review", { mode: "Plan" }, "review"],
    ["agent", { mode: "chat\n" }, "chat"],
    ["review", { mode: "" }, "review"],
    ["agent", { mode: 1 }, "chat"],
    ["agent", { mode: ["plan"] }, "chat"],
    ["agent", { mode: null }, "chat"],
    ["agent", { Mode: "plan" }, "chat"],
    ["agent", { " mode": "plan" }, "chat"],
    ["review", {}, "review"],
    ["synthesis", null, "chat"],
    ["review", ["plan"], "review"],
    ["agent", "plan", "chat"],
  ];
  it.each(cases)("S2: a %s step with extras %j opens its room in %s", (kind, extras, expected) => {
    expect(stepRoomMode(kind, extras)).toBe(expected);
  });
});

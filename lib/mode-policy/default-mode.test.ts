import { describe, expect, it } from "vitest";
import { modePolicySchema } from "../modes/declared";
import { TOOL_SPECS } from "../tools/registry";
import { viewOf } from "./get-mode-policy";
import { previewPolicy } from "./preview-mode-policy";

const docs = { id: "docs-review", label: "Docs review", extends: "plan" as const };
const audit = { id: "audit", label: "Audit", extends: "plan" as const };

describe("X1: the mode fresh rooms start in is never a silent choice", () => {
  it("X1: the policy view says why fresh rooms start where they do — a chosen default, the first declared mode, or Agent", () => {
    expect(viewOf(modePolicySchema.parse({}))).toMatchObject({ defaultMode: "chat", defaultReason: "built-in" });
    expect(viewOf(modePolicySchema.parse({ modes: [docs, audit] }))).toMatchObject({ defaultMode: "docs-review", defaultReason: "first-declared" });
    expect(viewOf(modePolicySchema.parse({ modes: [docs, audit], defaultMode: "audit" }))).toMatchObject({ defaultMode: "audit", defaultReason: "set" });
  });

  it("X1/G7: declaring a first mode with no default chosen shows, before saving, that new rooms will start in it instead of Agent", () => {
    const preview = previewPolicy(modePolicySchema.parse({}), modePolicySchema.parse({ modes: [docs] }), [], [], TOOL_SPECS);
    expect(preview.defaultMode).toEqual({ from: { id: "chat", label: "Agent" }, to: { id: "docs-review", label: "Docs review" }, reason: "first-declared" });
    // With a default chosen, adding a mode moves nothing.
    const chosen = modePolicySchema.parse({ modes: [docs], defaultMode: "chat" });
    expect(previewPolicy(chosen, modePolicySchema.parse({ modes: [docs, audit], defaultMode: "chat" }), [], [], TOOL_SPECS).defaultMode).toBeNull();
  });
});

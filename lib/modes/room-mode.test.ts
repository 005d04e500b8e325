/** G8, X1, M1: a room's mode is its own record; nothing derives it from the policy or falls back to the built-in. */
import { describe, expect, it } from "vitest";
import { modePolicySchema, type DeclaredModeInput } from "./declared";
import { storedModeView, runModeView } from "./profile-view";
import { PROFILES } from "./profiles";
import { resolveMode } from "./resolve-profile";
import { modeColumns, roomMode, roomProfile } from "./room-mode";

const docsReview: DeclaredModeInput = { id: "docs-review", label: "Docs review", extends: "chat", readOnly: true, tools: ["read_file", "grep"], maxTurns: 6 };
const policy = modePolicySchema.parse({ modes: [docsReview] });

describe("a room's mode record", () => {
  it("G8: a room in a declared mode keeps its profile from its own record, whatever the policy later says", () => {
    const columns = modeColumns(resolveMode(policy, "docs-review")!);
    expect(columns).toMatchObject({ mode: "chat", modeDeclaration: { v: 1, declaration: { id: "docs-review", readOnly: true } } });
    // The record is stored JSON: read back from text, it is the same mode — and the same compiled profile object.
    const stored = JSON.parse(JSON.stringify(columns));
    expect(roomMode(stored).version).toBe(resolveMode(policy, "docs-review")!.version);
    expect(roomProfile(stored)).toBe(resolveMode(policy, "docs-review")!.profile);
    expect(roomProfile(stored)).toMatchObject({ id: "docs-review", posture: "read-only", maxTurns: 6, grants: ["read_file", "grep"] });
  });

  it("G8: versions name exactly what a mode compiles from — a changed declaration is another version, a built-in is its own", () => {
    const edited = modePolicySchema.parse({ modes: [{ ...docsReview, readOnly: false }] });
    expect(resolveMode(edited, "docs-review")!.version).not.toBe(resolveMode(policy, "docs-review")!.version);
    expect(resolveMode(modePolicySchema.parse({ modes: [docsReview] }), "docs-review")!.version).toBe(resolveMode(policy, "docs-review")!.version);
    expect(resolveMode(policy, "chat")).toMatchObject({ version: "built-in:chat", declaration: null, profile: PROFILES.chat });
    expect(roomMode({ mode: "plan", modeDeclaration: null }).profile).toBe(PROFILES.plan);
  });

  it("G8: a record that cannot be read, or contradicts its built-in column, is the narrowest mode on that built-in — never the built-in's wider profile", () => {
    const broken = [
      { mode: "chat" as const, modeDeclaration: { v: 1, declaration: { id: "docs-review" } } },
      { mode: "chat" as const, modeDeclaration: { v: 2, declaration: docsReview } },
      { mode: "chat" as const, modeDeclaration: "docs-review" },
      { mode: "plan" as const, modeDeclaration: { v: 1, declaration: { ...docsReview, extends: "chat" } } },
    ];
    for (const room of broken) {
      const profile = roomProfile(room);
      expect(profile).toMatchObject({ posture: "read-only", maxTier: "read", grants: [], delegation: null, selectable: false, label: "Locked" });
      expect(profile).not.toBe(PROFILES[room.mode]);
    }
  });

  it("X1: a run shows the mode it ran in by that mode's name; runs recorded before keep their built-in's", () => {
    const declared = resolveMode(policy, "docs-review")!.profile;
    expect(runModeView("chat", storedModeView(declared))).toMatchObject({ id: "docs-review", label: "Docs review", base: "chat", declared: true });
    expect(runModeView("plan", storedModeView(PROFILES.plan))).toMatchObject({ id: "plan", label: "Plan", declared: false, planGate: true });
    expect(runModeView("chat", null)).toMatchObject({ id: "chat", label: "Agent" });
  });
});

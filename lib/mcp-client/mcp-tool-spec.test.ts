/**
 * M8: attached tools' names are their own: stable, unique per identity, and
 * within what model APIs accept. Pure.
 */
import { describe, expect, it } from "vitest";
import { declaredToolSpecs, mcpToolName, nameCollisions } from "./mcp-tool-spec";

const MODEL_NAME = /^[a-z][a-z0-9_]{0,63}$/;
const READ = { tier: "read" as const, effects: [] };

describe("attached tool names", () => {
  it("M8: a dotted name and its underscored twin get different names, the same on every call", () => {
    const dotted = mcpToolName("kb", "notes.find");
    expect(mcpToolName("kb", "notes_find")).toBe("mcp_kb_notes_find");
    expect(dotted).not.toBe("mcp_kb_notes_find");
    expect(dotted).toMatch(/^mcp_kb_notes_find_[0-9a-f]{8}$/);
    expect(mcpToolName("kb", "notes.find")).toBe(dotted);
    expect(mcpToolName("kb", "Notes_Find")).not.toBe("mcp_kb_notes_find");
    for (const name of [dotted, mcpToolName("kb", "Notes_Find"), mcpToolName("kb", "weird name/ü")]) expect(name).toMatch(MODEL_NAME);
  });

  it("M8: two names past 64 characters sharing a prefix get different names of at most 64 characters", () => {
    const stem = "x".repeat(70);
    const [a, b] = [mcpToolName("longservername12345", `${stem}_a`), mcpToolName("longservername12345", `${stem}_b`)];
    expect(a).not.toBe(b);
    for (const name of [a, b]) expect(name).toMatch(MODEL_NAME);
    expect(nameCollisions("longservername12345", [`${stem}_a`, `${stem}_b`])).toEqual([]);
  });

  it("M8: names that would still meet are reported, and neither tool gets a spec", () => {
    const taken = mcpToolName("kb", "a.b");
    const twin = taken.slice("mcp_kb_".length);
    expect(nameCollisions("kb", ["a.b", twin, "c"])).toEqual([{ name: taken, tools: ["a.b", twin] }]);
    const specs = declaredToolSpecs({ id: "s1", name: "kb", tools: { "a.b": READ, [twin]: READ, c: READ } });
    expect(specs.map((s) => [s.name, s.origin])).toEqual([["mcp_kb_c", { serverId: "s1", server: "kb", tool: "c" }]]);
  });
});

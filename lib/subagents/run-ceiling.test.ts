import { describe, expect, it } from "vitest";
import { runCeiling } from "./run-ceiling";

const agent = { restrictModules: true, moduleAllowlist: ["read_file", "write_file"] };

describe("runCeiling", () => {
  it("A8: a run a person started answers to its agent's allowlist; an unrestricted agent has none", () => {
    expect(runCeiling({ parentRunId: null, ceiling: null, agent })).toEqual(["read_file", "write_file"]);
    expect(runCeiling({ parentRunId: null, ceiling: null, agent: { restrictModules: false, moduleAllowlist: [] } })).toBeNull();
  });

  it("A8: a sub-agent answers to the ceiling stored when it started, not to its agent", () => {
    expect(runCeiling({ parentRunId: "p1", ceiling: ["read_file"], agent })).toEqual(["read_file"]);
  });

  it("A8: a sub-agent whose stored ceiling does not read back as a list gets no tools, never an unrestricted surface", () => {
    for (const ceiling of [{ tools: ["read_file"] }, "read_file", 7, [1, 2]]) {
      expect(runCeiling({ parentRunId: "p1", ceiling, agent: null }), JSON.stringify(ceiling)).toEqual([]);
    }
  });
});

import { describe, expect, it } from "vitest";
import { changeKind, committedSha } from "./change-kind";

describe("what a run changed", () => {
  it("M3: executed commits and worktree writes are changes; refused ones are not; commands alone may have changed files", () => {
    expect(changeKind([{ effects: ["commit"], status: "executed" }])).toBe("changed");
    expect(changeKind([{ effects: ["write_worktree"], status: "executed" }, { effects: [], status: "executed" }])).toBe("changed");
    expect(changeKind([{ effects: ["write_worktree"], status: "refused" }, { effects: ["commit"], status: "error" }])).toBe("none");
    expect(changeKind([{ effects: ["start_process", "network_egress"], status: "executed" }])).toBe("commands_only");
    expect(changeKind([])).toBe("none");
  });

  it("reads the commit a git_commit call reported, whatever shape its result was stored in", () => {
    const sha = "a".repeat(40);
    expect(committedSha({ output: `Committed ${sha}: Fix it` })).toBe(sha);
    expect(committedSha(`Committed ${sha}: Fix it`)).toBe(sha);
    expect(committedSha({ output: "nothing to commit" })).toBeNull();
    expect(committedSha(null)).toBeNull();
  });
});

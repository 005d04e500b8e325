import "server-only";
/**
 * The demo's sample repository: a small invoice library with tests, a gates
 * file for reviews, and a feature branch carrying a change worth reviewing.
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { git, type GitLocation } from "../repos/git";
import { personEnv } from "../repos/land-commit";

const MAIN_FILES: Record<string, string> = {
  "README.md": `# invoice-kit

A tiny library that totals invoices and applies discounts.

- \`src/invoice.js\` — totals, tax and discounts
- \`src/format.js\` — money formatting
- \`tests/\` — run them with \`node --test tests/\`
`,
  "package.json": `${JSON.stringify({ name: "invoice-kit", version: "0.1.0", type: "module", scripts: { test: "node --test tests/" } }, null, 2)}\n`,
  "src/invoice.js": `/** Sum of line items, in cents. */
export function subtotal(lines) {
  return lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
}

/** Tax on the subtotal, rounded to the cent. */
export function tax(cents, rate) {
  return Math.round(cents * rate);
}

/** A percentage discount; no cap yet. */
export function applyDiscount(cents, percent) {
  return Math.round(cents * (1 - percent / 100));
}

export function total(lines, { taxRate = 0, discountPercent = 0 } = {}) {
  const discounted = applyDiscount(subtotal(lines), discountPercent);
  return discounted + tax(discounted, taxRate);
}
`,
  "src/format.js": `/** Formats cents as a money string, e.g. 1234 → "12.34". */
export function formatCents(cents) {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return \`\${sign}\${Math.floor(abs / 100)}.\${String(abs % 100).padStart(2, "0")}\`;
}
`,
  "tests/invoice.test.js": `import { test } from "node:test";
import assert from "node:assert/strict";
import { subtotal, total, applyDiscount } from "../src/invoice.js";

const lines = [{ unitCents: 1000, quantity: 2 }, { unitCents: 250, quantity: 4 }];

test("subtotal sums line items", () => assert.equal(subtotal(lines), 3000));
test("discount applies a percentage", () => assert.equal(applyDiscount(3000, 10), 2700));
test("total adds tax after discount", () => assert.equal(total(lines, { taxRate: 0.2, discountPercent: 10 }), 3240));
`,
  "tests/format.test.js": `import { test } from "node:test";
import assert from "node:assert/strict";
import { formatCents } from "../src/format.js";

test("formats cents", () => assert.equal(formatCents(1234), "12.34"));
test("formats negatives", () => assert.equal(formatCents(-5), "-0.05"));
`,
  "gatehouse.axes.json": `${JSON.stringify(
    {
      axes: [
        { name: "tests", command: "node --test tests/", gated: true, timeoutMs: 60000 },
        { name: "syntax", command: "node --check src/invoice.js && node --check src/format.js", gated: true, timeoutMs: 30000 },
        { name: "todo-count", command: "! grep -rn TODO src/", gated: false, timeoutMs: 10000 },
      ],
    },
    null,
    2,
  )}\n`,
};

/**
 * A fake key in AWS's format for the reviewer to catch. Not AWS's documented
 * AKIA…EXAMPLE key, which reviewers rightly ignore; assembled at run time so
 * this file itself never trips a secret scanner.
 */
const FAKE_AWS_KEY = ["AKIA", "Q3EGRT7YH5KD2WMZ"].join("");

/** The feature branch: caps the discount, with leftovers a reviewer should catch. */
const FEATURE_FILES: Record<string, string> = {
  "src/invoice.js": `/** Sum of line items, in cents. */
export function subtotal(lines) {
  return lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
}

/** Tax on the subtotal, rounded to the cent. */
export function tax(cents, rate) {
  return Math.round(cents * rate);
}

const MAX_DISCOUNT_PERCENT = 50;

/** A percentage discount, capped at MAX_DISCOUNT_PERCENT. */
export function applyDiscount(cents, percent) {
  console.log("applying discount", percent);
  // TODO: decide whether negative discounts should be rejected
  const capped = Math.min(percent, MAX_DISCOUNT_PERCENT);
  return Math.round(cents * (1 - capped / 100));
}

export function total(lines, { taxRate = 0, discountPercent = 0 } = {}) {
  const discounted = applyDiscount(subtotal(lines), discountPercent);
  return discounted + tax(discounted, taxRate);
}
`,
  "src/pricing-config.js": `// Pricing service credentials (temporary)
export const PRICING_API_KEY = "${FAKE_AWS_KEY}";
export const PRICING_ENDPOINT = "https://pricing.example.com/v1";
`,
};

async function writeAll(dir: string, files: Record<string, string>) {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
}

const DEMO_PERSON = { name: "Gatehouse Demo", email: "demo@gatehouse.dev" };

/** One commit of exactly `files`, made with plumbing from their contents (no folder is read). */
async function commitFiles(at: GitLocation, files: Record<string, string>, parents: string[], message: string): Promise<string> {
  const entries: string[] = [];
  for (const [path, content] of Object.entries(files)) {
    const blob = (await git(["hash-object", "-w", "--no-filters", "--stdin"], { ...at, input: content })).stdout.trim();
    entries.push(`100644 ${blob}\t${path}`);
  }
  const env = { GIT_INDEX_FILE: join(at.gitDir, `index-${randomUUID()}`) };
  try {
    await git(["update-index", "--add", "--index-info"], { ...at, env, input: `${entries.join("\n")}\n` });
    const tree = (await git(["write-tree"], { ...at, env })).stdout.trim();
    return (await git(["commit-tree", tree, ...parents.flatMap((p) => ["-p", p]), "-F", "-"], { ...at, input: message, env: personEnv(DEMO_PERSON) })).stdout.trim();
  } finally {
    await rm(env.GIT_INDEX_FILE, { force: true });
  }
}

/**
 * Creates the sample repository at `dir` (once); returns its path. H6: host
 * git never works in a folder's work tree, so the repository is built with
 * plumbing in a git directory of its own beside the files, which Node writes,
 * and moved into place as `.git` last.
 */
export async function createSampleRepo(dir: string): Promise<string> {
  if (existsSync(join(dir, ".git"))) return dir;
  await mkdir(dir, { recursive: true });
  const building = join(dir, `.git-new-${randomUUID()}`);
  const at = { gitDir: building };
  try {
    await git(["init", "-q", "--bare", "--template="], at);
    const main = await commitFiles(at, MAIN_FILES, [], "invoice-kit: totals, tax, discounts and formatting");
    const feature = await commitFiles(at, { ...MAIN_FILES, ...FEATURE_FILES }, [main], "Cap discounts at 50% and add pricing config");
    await git(["update-ref", "--stdin"], { ...at, input: `update refs/heads/main ${main}\nupdate refs/heads/feature/discount-cap ${feature}\n` });
    await git(["symbolic-ref", "HEAD", "refs/heads/main"], at);
    // The folder holds main's files, and the index says so.
    await git(["read-tree", main], { ...at, env: { GIT_INDEX_FILE: join(building, "index") } });
    await writeFile(join(building, "config"), "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n");
    await writeAll(dir, MAIN_FILES);
    await rename(building, join(dir, ".git"));
  } finally {
    await rm(building, { recursive: true, force: true });
  }
  return dir;
}

/**
 * The review room in Chromium for a pull request of ~5,000
 * changed lines with ~500 findings. Starts the production build on a fresh
 * PostgreSQL (bench/web-server.ts), writes a large branch into the demo
 * repository with git, opens it over the API, adds findings over the API,
 * then loads the review view and measures:
 *
 * - time to usable: navigation start → a finding card and diff lines drawn
 *   (a MutationObserver installed before the page's scripts, read after the
 *   next frame);
 * - long tasks (PerformanceObserver "longtask") while a script scrolls the
 *   whole diff and then the whole findings panel, frame by frame.
 *
 * Needs `next build`, PostgreSQL and /usr/bin/chromium. Prints, never asserts.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { chromium, type Page } from "playwright-core";
import { percentile, type BenchResult } from "./stats";
import { startBenchServer, type BenchServer } from "./web-server";

const run = promisify(execFile);
const FILES = 20;
const LINES_PER_FILE = 250;
const FINDINGS = 500;
const LOADS = 3;
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const GIT_ENV = { GIT_AUTHOR_NAME: "Bench", GIT_AUTHOR_EMAIL: "bench@gatehouse.dev", GIT_COMMITTER_NAME: "Bench", GIT_COMMITTER_EMAIL: "bench@gatehouse.dev" };

async function git(cwd: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run("git", args, { cwd, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
  return stdout.trim();
}

async function api<T>(server: Pick<BenchServer, "baseUrl" | "cookie">, path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.baseUrl}/api/workspaces/demo${path}`, {
    method: init.method ?? "GET",
    headers: { cookie: server.cookie, ...(init.body !== undefined ? { "content-type": "application/json" } : {}) },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** A plausible source file: functions with strings, numbers and comments, so the highlighter has work. */
function sourceFile(n: number): string {
  const lines: string[] = [`// Generated module ${n} for the review-room bench.`, `import { round } from "./util.js";`, ""];
  for (let i = 0; lines.length < LINES_PER_FILE; i++) {
    lines.push(
      `/** Price rule ${n}.${i}: applies a ${i % 50}% step. */`,
      `export function rule${n}_${i}(cents, qty = 1) {`,
      `  const label = "rule ${n}.${i}"; // shown on the invoice`,
      `  if (qty > ${(i % 9) + 1}) return round(cents * qty * 0.${String(90 + (i % 9)).padStart(2, "0")});`,
      `  return round(cents * qty + ${i * 3}); `,
      `}`,
    );
  }
  return `${lines.slice(0, LINES_PER_FILE).join("\n")}\n`;
}

/** A branch with FILES new files of LINES_PER_FILE lines on top of main, written without touching any working tree. */
async function writeLargeBranch(repo: string, branch: string): Promise<void> {
  const parent = await git(repo, ["rev-parse", "refs/heads/main"]);
  const dir = await mkdtemp(join(tmpdir(), "gatehouse-bench-branch-"));
  const env = { ...GIT_ENV, GIT_INDEX_FILE: join(dir, "index") };
  try {
    await git(repo, ["read-tree", parent], env);
    for (let n = 0; n < FILES; n++) {
      const file = join(dir, `f${n}`);
      await writeFile(file, sourceFile(n));
      const blob = await git(repo, ["hash-object", "-w", file]);
      await git(repo, ["update-index", "--add", "--cacheinfo", `100644,${blob},src/generated/module-${String(n).padStart(2, "0")}.js`], env);
    }
    const tree = await git(repo, ["write-tree"], env);
    const commit = await git(repo, ["commit-tree", tree, "-p", parent, "-m", "Bench: a large change"], env);
    await git(repo, ["update-ref", `refs/heads/${branch}`, commit]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== null) return value;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Opens the large pull request, lets the built-in reviewer finish, then adds people's findings up to FINDINGS. */
export async function seedLargePull(server: Pick<BenchServer, "baseUrl" | "cookie">): Promise<string> {
  const { body: repos } = await api<{ repositories: { id: string; name: string; path: string }[] }>(server, "/repositories");
  const repository = repos.repositories.find((r) => r.name === "invoice-kit");
  if (!repository) throw new Error("the demo repository is missing");
  await writeLargeBranch(repository.path, "bench/large-review");
  const opened = await api<{ pullRequest: { id: string } }>(server, "/pulls", {
    method: "POST",
    body: { repositoryId: repository.id, baseRef: "main", headRef: "bench/large-review", title: "Bench: 5,000 changed lines" },
  });
  if (opened.status !== 201) throw new Error(`opening the pull request failed: ${opened.status}`);
  const pullId = opened.body.pullRequest.id;
  await until("the built-in review", 120_000, async () => {
    const { body } = await api<{ verdict: unknown }>(server, `/pulls/${pullId}`);
    return body.verdict ? true : null;
  });
  // People's findings until there are FINDINGS in all; one that matches an existing one (same kind, title and code) is kept, not added, so count what was created.
  let missing = FINDINGS - (await api<{ findings: unknown[] }>(server, `/pulls/${pullId}/findings`)).body.findings.length;
  let next = 0;
  const kinds = ["bug", "suggestion", "recommendation", "question", "ticket"] as const;
  const worker = async () => {
    while (missing > 0) {
      const i = next++;
      if (i > FINDINGS * 4) throw new Error("could not add enough distinct findings");
      const file = i % FILES;
      const line = 3 + ((i * 37) % (LINES_PER_FILE - 6));
      const { status } = await api(server, `/pulls/${pullId}/findings`, {
        method: "POST",
        body: {
          kind: kinds[i % kinds.length],
          // Mostly P2/P3: every new P0/P1 changes the verdict's rules and so adds a Review to the history.
          priority: i % 50 === 0 ? "P1" : i % 2 ? "P2" : "P3",
          confidence: 0.3 + ((i * 13) % 65) / 100,
          title: `Bench finding ${i}: check the rounding of rule ${file}.${line}`,
          body: `Line ${line} rounds before multiplying by the quantity; the total can drift by a cent per line. Consider rounding once at the end.`,
          ...(i % 4 === 0 ? { suggestion: `return round(cents * qty); // round once` } : {}),
          anchor: { file: `src/generated/module-${String(file).padStart(2, "0")}.js`, startLine: line, endLine: line + (i % 3) },
        },
      });
      if (status === 201) missing--;
      else if (status !== 200) throw new Error(`adding a finding failed: ${status}`);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return pullId;
}

/** Installed before any page script: when the view became usable, and every long task. */
const PROBES = `
  window.__usableAt = null;
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration }); })
      .observe({ type: "longtask", buffered: true });
  } catch {}
  const usable = () => document.querySelector('[data-testid="finding-card"]') && document.querySelector('[data-testid="diff-line"]');
  const watch = new MutationObserver(() => {
    if (window.__usableAt === null && usable()) {
      watch.disconnect();
      requestAnimationFrame(() => setTimeout(() => { window.__usableAt = performance.now(); }, 0));
    }
  });
  watch.observe(document, { subtree: true, childList: true });
`;

interface LoadFigures {
  usableMs: number;
  loadLongestMs: number;
  linesDrawn: number;
}

// Page-side code is passed as strings: tsx compiles this file, and the helpers it adds to functions do not exist in the page.
const USABLE = "window.__usableAt !== null";
const LOAD_FIGURES = `(() => ({
  usableMs: window.__usableAt,
  loadLongestMs: Math.max(0, ...window.__longTasks.filter((t) => t.start <= window.__usableAt).map((t) => t.duration)),
  linesDrawn: document.querySelectorAll('[data-testid="diff-line"]').length,
}))()`;
/** Scrolls the diff to the bottom and the findings panel to its end, one step per frame; collects the long tasks meanwhile. */
const SCROLL = `(async () => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const start = performance.now();
  let frames = 0;
  for (let guard = 0; guard < 5000; guard++) {
    const bottom = document.documentElement.scrollHeight - window.innerHeight;
    if (window.scrollY >= bottom - 2) break;
    window.scrollBy(0, 250);
    frames++;
    await frame();
  }
  const inlineCards = document.querySelectorAll('[data-testid="inline-finding"]').length;
  window.scrollTo(0, 0);
  await frame();
  const aside = document.querySelector("aside");
  for (let guard = 0; aside && guard < 5000; guard++) {
    if (aside.scrollTop >= aside.scrollHeight - aside.clientHeight - 2) {
      // The next page of cards may be on its way.
      await frame();
      await frame();
      if (aside.scrollTop >= aside.scrollHeight - aside.clientHeight - 2) break;
    }
    aside.scrollTop += 250;
    frames++;
    await frame();
  }
  const during = window.__longTasks.filter((t) => t.start >= start).map((t) => t.duration);
  return {
    longest: Math.max(0, ...during),
    over100: during.filter((d) => d > 100).length,
    over50: during.filter((d) => d > 50).length,
    frames,
    inlineCards,
    panelCards: document.querySelectorAll('[data-testid="finding-card"]').length,
  };
})()`;

interface LoadFigures {
  usableMs: number;
  loadLongestMs: number;
  linesDrawn: number;
}

async function measureLoad(page: Page, url: string): Promise<LoadFigures> {
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForFunction(USABLE, undefined, { timeout: 60_000, polling: 50 });
  return (await page.evaluate(LOAD_FIGURES)) as LoadFigures;
}

async function measureScroll(page: Page) {
  // Let the load settle first so its work is not counted as scrolling.
  await page.waitForTimeout(1500);
  return (await page.evaluate(SCROLL)) as { longest: number; over100: number; over50: number; frames: number; inlineCards: number; panelCards: number };
}

export async function benchReviewRoom(): Promise<BenchResult[]> {
  const server = await startBenchServer(3234);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    const pullId = await seedLargePull(server);
    const findings = (await api<{ findings: unknown[] }>(server, `/pulls/${pullId}/findings`)).body.findings;
    const { body: diff } = await api<{ files: { additions: number; deletions: number }[] }>(server, `/pulls/${pullId}/diff`);
    const changed = diff.files.reduce((n, f) => n + f.additions + f.deletions, 0);
    // The page's CSP (H5) forbids eval; the measuring scripts are ours, not the page's.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    const [name, value] = server.cookie.split("=") as [string, string];
    await context.addCookies([{ name, value, url: server.baseUrl }]);
    await context.addInitScript(PROBES);
    const page = await context.newPage();
    const url = `${server.baseUrl}/w/demo/pulls/${pullId}`;

    await measureLoad(page, url); // warm-up: the server's first render of the route
    const loads: LoadFigures[] = [];
    for (let i = 0; i < LOADS; i++) loads.push(await measureLoad(page, url));
    const scroll = await measureScroll(page);
    const usable = loads.map((l) => l.usableMs).sort((a, b) => a - b);
    const label = `review room, ${changed.toLocaleString("en")} changed lines, ${findings.length} findings`;
    return [
      { name: `${label}: usable (finding card + diff lines), median of ${LOADS}`, value: percentile(usable, 50), unit: "ms", target: "≤ 1,500 ms" },
      { name: `${label}: usable, slowest load`, value: usable[usable.length - 1]!, unit: "ms" },
      { name: `${label}: longest task before usable`, value: Math.max(...loads.map((l) => l.loadLongestMs)), unit: "ms" },
      { name: `${label}: diff lines drawn when usable (windowed)`, value: loads[0]!.linesDrawn, unit: "rows" },
      { name: `${label}: scroll diff + panel (${scroll.frames} frames), longest task`, value: scroll.longest, unit: "ms", target: "≤ 100 ms" },
      { name: `${label}: scroll, long tasks over 100 ms`, value: scroll.over100, unit: "tasks", target: "0" },
      { name: `${label}: scroll, long tasks over 50 ms`, value: scroll.over50, unit: "tasks" },
      { name: `${label}: inline finding cards drawn at the bottom of the diff`, value: scroll.inlineCards, unit: "cards" },
      { name: `${label}: panel cards drawn at the end of the panel`, value: scroll.panelCards, unit: "cards" },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}

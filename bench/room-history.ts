/**
 * Long-lived rooms in Chromium against the production build: rooms of 1,000,
 * 5,000 and 50,000 messages (each exchange a run with four tool calls, seeded
 * straight into the bench database), and for each:
 *
 * - usable: navigation start → conversation rows drawn (a MutationObserver
 *   installed before the page's scripts, read after the next frame), p50 of 3;
 * - DOM nodes once usable (windowing keeps this flat);
 * - first page: bytes of the history API's first page and of the HTML document
 *   (which carries the same page for the first render);
 * - an older page: the history API's next-older page, p50 of 5 (server time as
 *   a client sees it), and in the page from scrolling to the top to the rows drawn;
 * - scrolling to the first message: the longest task (PerformanceObserver
 *   "longtask") while a script scrolls to the top again and again until the
 *   conversation's beginning shows, and how long that took; beside the same
 *   scroll over a static list (plain rows of the same text, no script) in the
 *   same browser, and, for the largest room, again with one core spinning.
 *   The browser reports only tasks of 50 ms or more, so a longest task of 0
 *   means none reached 50 ms; a ratio divides by at least those 50 ms (a
 *   quiet figure under the floor is not a ratio of 62 to nothing).
 *
 * Needs `next build`, PostgreSQL and /usr/bin/chromium. Prints, never asserts.
 *
 * `BENCH_ROOM_PROFILE=dir` also writes a Chromium CPU profile of each room's quiet
 * scroll to the first message (`dir/room-<size>.cpuprofile`, for DevTools or
 * `node bench/long-tasks.ts`, which names what the long tasks spent their time on).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import pg from "pg";
import { seedRoomHistory } from "../tests/support/seed-room-history";
import { loadAverage, withOneCoreSpinning } from "./spin-core";
import { percentile, type BenchResult } from "./stats";
import { startBenchServer, type BenchServer } from "./web-server";

/** The shortest task PerformanceObserver's "longtask" entries report. */
const LONG_TASK_FLOOR_MS = 50;

/** `BENCH_ROOM_SIZES=1000,5000` measures fewer sizes (the 50,000-message room takes minutes to scroll through). */
const SIZES = (process.env.BENCH_ROOM_SIZES ?? "1000,5000,50000").split(",").map(Number);
const PROFILE_DIR = process.env.BENCH_ROOM_PROFILE;
const LOADS = 3;
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

async function api<T>(server: BenchServer, path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T; bytes: number; ms: number }> {
  const start = performance.now();
  const response = await fetch(`${server.baseUrl}/api/workspaces/demo${path}`, {
    method: init.method ?? "GET",
    headers: { cookie: server.cookie, ...(init.body !== undefined ? { "content-type": "application/json" } : {}) },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as T, bytes: Buffer.byteLength(text), ms: performance.now() - start };
}

/** A room of `messages` messages in the demo workspace: half people's questions, half the agent's answers, a run with 4 tool calls each. */
async function seededRoom(server: BenchServer, db: pg.Client, messages: number): Promise<string> {
  const created = await api<{ room: { id: string } }>(server, "/rooms", { method: "POST", body: { name: `History bench ${messages}`, mode: "chat" } });
  if (created.status !== 201) throw new Error(`creating the room failed: ${created.status}`);
  const roomId = created.body.room.id;
  const { rows } = await db.query<{ workspaceId: string; conversationId: string; userId: string }>(
    `SELECT r."workspaceId", c."id" AS "conversationId", u."id" AS "userId" FROM "Room" r JOIN "Conversation" c ON c."roomId" = r."id", "User" u WHERE r."id" = $1 AND u."email" = 'demo@gatehouse.dev'`,
    [roomId],
  );
  const { workspaceId, conversationId, userId } = rows[0]!;
  await seedRoomHistory(db, {
    workspaceId,
    roomId,
    conversationId,
    agentId: null,
    authorId: userId,
    exchanges: messages / 2,
    prefix: `b${messages}x`,
    start: new Date(Date.now() - 86_400_000),
    systemEvery: 0,
    resultLines: 12,
  });
  await db.query("ANALYZE");
  return roomId;
}

/** Installed before any page script: when the conversation became usable, and every long task. */
const PROBES = `
  window.__usableAt = null;
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration }); })
      .observe({ type: "longtask", buffered: true });
  } catch {}
  const usable = () => document.querySelectorAll('[data-testid="conversation"] li[data-row-key]').length >= 3;
  const watch = new MutationObserver(() => {
    if (window.__usableAt === null && usable()) {
      watch.disconnect();
      requestAnimationFrame(() => setTimeout(() => { window.__usableAt = performance.now(); }, 0));
    }
  });
  watch.observe(document, { subtree: true, childList: true });
`;
const USABLE = "window.__usableAt !== null";
const LOAD_FIGURES = `(() => {
  const nav = performance.getEntriesByType("navigation")[0];
  return { usableMs: window.__usableAt, documentBytes: nav ? nav.decodedBodySize : 0 };
})()`;
const DOM_NODES = "document.getElementsByTagName('*').length";
/** Scrolls to the top until the beginning of the conversation shows; times the first earlier page and collects long tasks. */
const SCROLL_TO_FIRST = `(async () => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const loading = () => document.querySelector('[data-testid="history-older-loading"]');
  const rows = () => document.querySelectorAll('[data-testid="conversation"] li[data-row-key]');
  const start = performance.now();
  let firstOlderMs = null;
  let steps = 0;
  for (let guard = 0; guard < 20000; guard++) {
    if (document.querySelector('[data-testid="history-start"]')) break;
    const firstKey = rows()[0]?.getAttribute("data-row-key");
    const before = performance.now();
    window.scrollTo(0, 0);
    steps++;
    await frame();
    while (loading()) await frame();
    await frame();
    if (firstOlderMs === null && rows()[0]?.getAttribute("data-row-key") !== firstKey) firstOlderMs = performance.now() - before;
  }
  const during = window.__longTasks.filter((t) => t.start >= start).map((t) => t.duration);
  return {
    ms: performance.now() - start,
    steps,
    firstOlderMs,
    longest: Math.max(0, ...during),
    over100: during.filter((d) => d > 100).length,
    reachedStart: Boolean(document.querySelector('[data-testid="history-start"]')),
    domNodes: document.getElementsByTagName('*').length,
  };
})()`;

/** The baseline: a static list of rows like the room's, scrolled from its end to its top a viewport at a time. */
const STATIC_ROWS = 2000;
const STATIC_LIST = `<!doctype html><html><body style="font: 14px sans-serif; margin: 0 auto; max-width: 900px"><ol>${Array.from(
  { length: STATIC_ROWS },
  (_, i) => `<li style="padding: 0 0 24px"><p><b>Dana Demo</b> 10:${String(i % 60).padStart(2, "0")}</p><p>Question ${i}: what does <code>discount.ts</code> do with a cap of 50%?</p><p>Answer ${i}: it clamps the rate, then rounds; see the tests.</p></li>`,
).join("")}</ol></body></html>`;
const SCROLL_STATIC = `(async () => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  window.scrollTo(0, document.documentElement.scrollHeight);
  await frame();
  const start = performance.now();
  while (window.scrollY > 0) {
    window.scrollTo(0, Math.max(0, window.scrollY - window.innerHeight));
    await frame();
  }
  await frame();
  const during = window.__longTasks.filter((t) => t.start >= start).map((t) => t.duration);
  return { longest: Math.max(0, ...during), ms: performance.now() - start };
})()`;

type Scroll = { ms: number; steps: number; firstOlderMs: number | null; longest: number; over100: number; reachedStart: boolean; domNodes: number };

/** `fn` under the CDP sampling profiler when BENCH_ROOM_PROFILE is set; the profile lands in that directory as `name`. */
async function profiled<T>(page: Page, name: string, fn: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIR) return fn();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  try {
    return await fn();
  } finally {
    const { profile } = await cdp.send("Profiler.stop");
    mkdirSync(PROFILE_DIR, { recursive: true });
    writeFileSync(join(PROFILE_DIR, name), JSON.stringify(profile));
    console.log(`  (CPU profile: ${join(PROFILE_DIR, name)})`);
    await cdp.detach();
  }
}

async function scrollRoom(page: Page, url: string): Promise<Scroll> {
  await measureLoad(page, url);
  await page.waitForTimeout(1000);
  return (await page.evaluate(SCROLL_TO_FIRST)) as Scroll;
}

async function measureLoad(page: Page, url: string) {
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForFunction(USABLE, undefined, { timeout: 60_000, polling: 50 });
  return (await page.evaluate(LOAD_FIGURES)) as { usableMs: number; documentBytes: number };
}

export async function benchRoomHistory(): Promise<BenchResult[]> {
  const server = await startBenchServer(Number(process.env.BENCH_ROOM_HISTORY_PORT ?? 3236));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  const results: BenchResult[] = [];
  try {
    // The page's CSP (H5) forbids eval; the measuring scripts are ours, not the page's.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    const [name, value] = server.cookie.split("=") as [string, string];
    await context.addCookies([{ name, value, url: server.baseUrl }]);
    await context.addInitScript(PROBES);
    const baselinePage = await context.newPage();
    const staticScroll = async () => {
      await baselinePage.setContent(STATIC_LIST);
      await baselinePage.evaluate(PROBES);
      return (await baselinePage.evaluate(SCROLL_STATIC)) as { longest: number; ms: number };
    };
    const baselineQuiet = await staticScroll();
    results.push({ name: `baseline: a static list of ${STATIC_ROWS.toLocaleString("en")} rows scrolled end → top: longest task`, value: baselineQuiet.longest, unit: "ms" });
    let largest: { roomId: string; label: string; quiet: Scroll } | null = null;
    for (const size of SIZES) {
      const seedStart = performance.now();
      const roomId = await seededRoom(server, db, size);
      const label = `room of ${size.toLocaleString("en")} messages`;
      console.log(`  (seeded the ${label} in ${((performance.now() - seedStart) / 1000).toFixed(1)} s)`);

      const first = await api<{ older: string | null }>(server, `/rooms/${roomId}/history?limit=40`);
      const olderTimes: number[] = [];
      for (let i = 0; i < 5; i++) olderTimes.push((await api(server, `/rooms/${roomId}/history?limit=100&before=${first.body.older}`)).ms);

      const page = await context.newPage();
      const url = `${server.baseUrl}/w/demo/rooms/${roomId}`;
      await measureLoad(page, url); // warm-up
      const loads = [];
      for (let i = 0; i < LOADS; i++) loads.push(await measureLoad(page, url));
      await page.waitForTimeout(500);
      const domNodes = (await page.evaluate(DOM_NODES)) as number;
      await page.waitForTimeout(1000);
      const scroll = await profiled(page, `room-${size}.cpuprofile`, async () => (await page.evaluate(SCROLL_TO_FIRST)) as Scroll);
      await page.close();
      console.log(`  (${label}: longest task while scrolling ${Math.round(scroll.longest)} ms, ${scroll.over100} over 100 ms, load ${loadAverage().toFixed(1)})`);
      largest = { roomId, label, quiet: scroll };
      results.push(
        { name: `${label}: usable (rows drawn), p50 of ${LOADS}`, value: percentile(loads.map((l) => l.usableMs).sort((a, b) => a - b), 50), unit: "ms", target: "≤ 1,000 ms, flat" },
        { name: `${label}: DOM nodes once usable / at the first message`, value: domNodes, unit: `/ ${scroll.domNodes}`, target: "flat" },
        { name: `${label}: first history page (API, 40 entries)`, value: first.bytes, unit: "bytes", target: "≤ 150 KB" },
        { name: `${label}: HTML document (first page inlined)`, value: loads[0]!.documentBytes, unit: "bytes" },
        { name: `${label}: an older page of 100 entries, API p50 of 5`, value: percentile([...olderTimes].sort((a, b) => a - b), 50), unit: "ms" },
        { name: `${label}: an older page, scroll to the top → rows drawn`, value: scroll.firstOlderMs ?? Number.NaN, unit: "ms" },
        { name: `${label}: scrolling to the first message: longest task (0: none of 50 ms)`, value: scroll.longest, unit: "ms", target: "none > 100 ms" },
        { name: `${label}: scrolling: longest task ÷ the static list's`, value: Math.max(LONG_TASK_FLOOR_MS, scroll.longest) / Math.max(LONG_TASK_FLOOR_MS, baselineQuiet.longest), unit: "×" },
        { name: `${label}: scrolling to the first message: tasks over 100 ms`, value: scroll.over100, unit: "tasks", target: "0" },
        { name: `${label}: scrolling to the first message: ${scroll.reachedStart ? "reached" : "NOT reached"} in ${scroll.steps} scrolls`, value: scroll.ms / 1000, unit: "s" },
      );
    }
    const last = largest as { roomId: string; label: string; quiet: Scroll } | null;
    if (last) {
      // Under the fixed load: the largest room's scroll again, and the static list's, in one phase.
      const load = loadAverage();
      const { room, baseline } = await withOneCoreSpinning(async () => {
        const page = await context.newPage();
        try {
          return { room: await scrollRoom(page, `${server.baseUrl}/w/demo/rooms/${last.roomId}`), baseline: await staticScroll() };
        } finally {
          await page.close();
        }
      });
      results.push(
        { name: "one core spinning: the machine's load average (1 min) as the phase began", value: load, unit: "" },
        { name: "one core spinning: the static list scrolled end → top: longest task", value: baseline.longest, unit: "ms" },
        { name: `one core spinning: ${last.label}: scrolling to the first message: longest task`, value: room.longest, unit: "ms", target: "< 300 ms" },
        { name: `one core spinning: ${last.label}: tasks over 100 ms / ${room.reachedStart ? "reached" : "NOT reached"} the first message in`, value: room.over100, unit: `/ ${(room.ms / 1000).toFixed(1)} s` },
        { name: `under load ÷ quiet, ${last.label}: longest task`, value: Math.max(LONG_TASK_FLOOR_MS, room.longest) / Math.max(LONG_TASK_FLOOR_MS, last.quiet.longest), unit: "×", target: "≤ 3×" },
      );
    }
  } finally {
    await db.end();
    await browser.close();
    await server.stop();
  }
  return results;
}

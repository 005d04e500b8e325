/**
 * What the long tasks in a Chromium CPU profile spent their time on:
 * `node --import tsx bench/long-tasks.ts profile.cpuprofile [threshold ms]`.
 * A long task is read as a stretch of busy samples (neither idle nor program)
 * longer than the threshold (50 ms by default); for those stretches it prints
 * their durations and the functions with the most self and total time.
 * Profiles come from `BENCH_ROOM_PROFILE=dir npm run bench -- long-lived`.
 */
import { readFileSync } from "node:fs";
import { basename } from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

const [file, thresholdArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: node --import tsx bench/long-tasks.ts profile.cpuprofile [threshold ms]");
  process.exit(2);
}
const threshold = Number(thresholdArg ?? 50) * 1000;
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const label = (n: ProfileNode) => {
  const { functionName, url, lineNumber, columnNumber } = n.callFrame;
  return `${functionName || "(anonymous)"} ${url ? `${basename(url)}:${lineNumber + 1}:${columnNumber + 1}` : ""}`.trim();
};
const idle = (id: number) => ["(idle)", "(program)", "(root)"].includes(byId.get(id)!.callFrame.functionName);

// Sample times (µs) and the busy stretches between idle samples.
const times: number[] = [];
let t = profile.startTime;
for (const d of profile.timeDeltas) times.push((t += d));
const stretches: { from: number; to: number }[] = [];
let from = -1;
for (let i = 0; i <= profile.samples.length; i++) {
  const busy = i < profile.samples.length && !idle(profile.samples[i]!);
  if (busy && from < 0) from = i;
  if (!busy && from >= 0) {
    if (times[i - 1]! - times[from]! >= threshold) stretches.push({ from, to: i });
    from = -1;
  }
}

const self = new Map<string, number>();
const total = new Map<string, number>();
let busyTime = 0;
for (const { from: a, to: b } of stretches) {
  for (let i = a; i < b; i++) {
    const dt = (times[i + 1] ?? times[i]!) - times[i]!;
    busyTime += dt;
    let id: number | undefined = profile.samples[i]!;
    self.set(label(byId.get(id)!), (self.get(label(byId.get(id)!)) ?? 0) + dt);
    const seen = new Set<string>();
    for (; id !== undefined; id = parent.get(id)) {
      const l = label(byId.get(id)!);
      if (seen.has(l)) continue;
      seen.add(l);
      total.set(l, (total.get(l) ?? 0) + dt);
    }
  }
}

const ms = (us: number) => (us / 1000).toFixed(1);
const durations = stretches.map((s) => times[s.to - 1]! - times[s.from]!).sort((x, y) => y - x);
console.log(`${stretches.length} busy stretches ≥ ${ms(threshold)} ms, ${ms(busyTime)} ms in all; longest: ${durations.slice(0, 10).map(ms).join(", ")}`);
const top = (m: Map<string, number>, n: number) =>
  [...m].sort((x, y) => y[1] - x[1]).slice(0, n).map(([k, v]) => `  ${((100 * v) / Math.max(1, busyTime)).toFixed(1).padStart(5)}%  ${ms(v).padStart(8)} ms  ${k}`).join("\n");
console.log("self time:\n" + top(self, 30));
console.log("total time:\n" + top(total, 45));

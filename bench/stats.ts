/** Small helpers shared by the benchmarks: percentiles and the result shape. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  target?: string;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

/** Times `fn` `n` times and returns sorted durations in milliseconds. */
export function timeSync(n: number, fn: (i: number) => void): number[] {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    fn(i);
    out[i] = performance.now() - start;
  }
  return out.sort((a, b) => a - b);
}

/** Percentile of unsorted samples. */
export function percentileOf(values: readonly number[], p: number): number {
  return percentile([...values].sort((a, b) => a - b), p);
}

/** mulberry32: a tiny seeded PRNG, so synthetic input is the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The attacker's half of the H2 race tests: flips one directory entry between
 * the real thing and a symbolic link to somewhere outside the worktree, as fast
 * as it can, the way an agent's shell could while a file tool runs. Plain
 * rename/symlink/unlink calls, so it needs nothing but Node.
 *
 *   node swap-racer.mjs <entry> <aside> <link-target> [max-hold-µs]
 *
 * Each state is held for a random time, spread evenly on a log scale from
 * about a microsecond up to <max-hold-µs> (default 2000; three times that for
 * the real entry), so whatever the
 * length of a tool's window between checking a path and using it, and however
 * loaded the machine, a good share of the flips fit inside it.
 *
 * The real entry lives at <entry> or at <aside>; <entry> is missing for a
 * moment in between. Prints "ready" once it is flipping, exits when its parent
 * dies, and exits with code 3 if it stops being able to flip (the test then
 * fails instead of passing vacuously).
 */
import { renameSync, symlinkSync, unlinkSync } from "node:fs";

const [entry, aside, target, holdArg] = process.argv.slice(2);
if (!entry || !aside || !target) throw new Error("usage: swap-racer.mjs <entry> <aside> <link-target>");
const parent = process.ppid;
const maxHoldUs = Number(holdArg ?? 2000);

function hold(maxUs) {
  const ns = BigInt(Math.round(Math.exp(Math.random() * Math.log(maxUs)) * 1000));
  const until = process.hrtime.bigint() + ns;
  while (process.hrtime.bigint() < until);
}
let stuck = 0;

for (let i = 0; ; i++) {
  try {
    renameSync(entry, aside);
  } catch {}
  try {
    symlinkSync(target, entry);
    stuck = 0;
  } catch {
    stuck++;
  }
  hold(maxHoldUs);
  try {
    unlinkSync(entry);
  } catch {}
  try {
    renameSync(aside, entry);
  } catch {
    // A tool created a new entry at <entry> while it was missing: move that
    // one out of the way (it stays inside the worktree) and keep flipping.
    try {
      renameSync(entry, `${entry}.stray-${i}`);
      renameSync(aside, entry);
    } catch {}
  }
  // The real state a little longer: a check has to see it before a swap can fool it.
  hold(maxHoldUs * 3);
  if (i === 200) process.stdout.write("ready\n");
  if (stuck > 100_000) process.exit(3);
  if (i % 4096 === 0 && process.ppid !== parent) process.exit(0);
}

/**
 * The fixed synthetic load the "under load" figures are measured at: a child
 * process spinning on one core for as long as `fn` runs. Figures beside it are
 * read as ratios to the same figure without it (shared machines are never
 * quiet, so the machine's own load average is printed too).
 */
import { spawn } from "node:child_process";
import { loadavg } from "node:os";

export async function withOneCoreSpinning<T>(fn: () => Promise<T>): Promise<T> {
  const spinner = spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });
  try {
    await new Promise((resolve) => setTimeout(resolve, 500)); // let the spinner take its core
    return await fn();
  } finally {
    spinner.kill("SIGKILL");
  }
}

/** The phases every loaded figure is measured in: as the machine is, and with one core spinning. */
export const PHASES = [
  { label: "quiet", run: <T>(fn: () => Promise<T>) => fn() },
  { label: "one core spinning", run: withOneCoreSpinning },
] as const;

export const loadAverage = () => loadavg()[0]!;

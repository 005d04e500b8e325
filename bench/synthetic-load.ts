/**
 * The fixed synthetic load benches measure "under load" with: one child
 * process spinning on one core for as long as `measure` runs, so a figure
 * taken quiet and again spinning gives a ratio that survives a busy machine.
 */
import { spawn } from "node:child_process";

export async function withOneCoreSpinning<T>(measure: () => Promise<T>): Promise<T> {
  const spinner = spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });
  try {
    await new Promise((resolve) => setTimeout(resolve, 500)); // let the spinner take its core
    return await measure();
  } finally {
    spinner.kill("SIGKILL");
  }
}

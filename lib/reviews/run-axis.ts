import "server-only";
/**
 * R5: run one declared axis in the OS sandbox against a worktree at the head:
 * read-only, no network, the axis's own timeout, the minimal environment.
 * Exit 0 is a pass and any other exit a failure; everything that is not an
 * answer from the command itself could not run: a timeout, a missing tool
 * (126/127 from the shell), a process killed for flooding output, or no
 * sandbox at all (there is no unsandboxed fallback).
 */
import { runInSandbox, SandboxUnavailableError } from "../sandbox/run-in-sandbox";
import { AXIS_LOG_CHARS } from "./axis-log";
import { axisTimeoutMs } from "./read-axes-file";
import type { AxisDeclaration, AxisStatus } from "./schemas";

const MAX_OUTPUT_BYTES = 256 * 1024;
const DETAIL_CHARS = 600;

export interface AxisRun {
  status: AxisStatus;
  detail: string;
  /** what it printed, for a result that did not pass (bounded and scrubbed where it is stored) */
  log?: string;
  durationMs: number;
}

export async function runAxis(axis: AxisDeclaration, worktree: string, workspaceId: string, signal?: AbortSignal, readOnlyMounts: readonly string[] = []): Promise<AxisRun> {
  const timeoutMs = axisTimeoutMs(axis);
  const started = performance.now();
  try {
    const result = await runInSandbox({ command: axis.command, worktree, workspaceId, posture: "read-only", readOnlyMounts, network: false, timeoutMs, maxOutputBytes: MAX_OUTPUT_BYTES, env: { CI: "true" }, signal });
    const output = `${result.stdout}\n${result.stderr}`;
    const tail = lastLines(output);
    // Far more than is kept (AXIS_LOG_CHARS): the stored log is cut on a line, then scrubbed.
    const log = output.trim() ? output.slice(-4 * AXIS_LOG_CHARS) : undefined;
    if (result.exitCode !== 0 || result.timedOut) return { ...verdictOf(result, timeoutMs, tail), log };
    return { status: "pass", detail: tail ? `exit 0: ${tail}` : "exit 0", durationMs: result.durationMs };
  } catch (error) {
    const why = error instanceof SandboxUnavailableError ? error.message : `the sandbox failed: ${(error as Error).message}`;
    return { status: "could_not_run", detail: why.slice(0, DETAIL_CHARS), durationMs: performance.now() - started };
  }
}

/** A run that did not exit 0: a failure of the code, or something that is not an answer from it (R5). */
function verdictOf(result: { timedOut: boolean; exitCode: number | null; durationMs: number }, timeoutMs: number, tail: string): AxisRun {
  const said = tail ? `: ${tail}` : "";
  const { durationMs } = result;
  if (result.timedOut) return { status: "could_not_run", detail: `timed out after ${timeoutMs} ms${said}`, durationMs };
  if (result.exitCode === null) return { status: "could_not_run", detail: `stopped before it finished (output flood or shutdown)${said}`, durationMs };
  if (result.exitCode === 127) return { status: "could_not_run", detail: `command not found (exit 127)${said}`, durationMs };
  if (result.exitCode === 126) return { status: "could_not_run", detail: `command not executable (exit 126)${said}`, durationMs };
  return { status: "fail", detail: `exit ${result.exitCode}${said}`, durationMs };
}

/** The end of the output is where test runners and compilers put their verdict. */
function lastLines(output: string): string {
  const text = output.replace(/\s+$/, "");
  if (!text.trim()) return "";
  const tail = text.split("\n").slice(-6).join("\n").trim();
  return tail.length > DETAIL_CHARS ? `…${tail.slice(-DETAIL_CHARS)}` : tail;
}

/**
 * run_command: a shell line, run inside the OS sandbox with the worktree as
 * the working directory. The mount follows the mode's posture (M5): in a
 * read-only mode with the shell opted in (A3) the worktree is mounted
 * read-only, and every process runs without capabilities, so it cannot be
 * remounted. Network stays on (M7: research is allowed).
 *
 * H2: the only other host paths mounted are the room's git data, read-only,
 * as Gatehouse recorded it — never what the worktree's `.git` file says.
 */
import { z } from "zod";
import { gitMountsFor } from "../repos/worktree-git";
import { runInSandbox, sandboxNetworkEnabled } from "../sandbox/run-in-sandbox";
import { requireWorktree } from "./confine-path";
import { DEFAULT_COMMAND_TIMEOUT_MS, MAX_COMMAND_OUTPUT_BYTES, MAX_COMMAND_TIMEOUT_MS } from "./limits";
import { translateErrors } from "./tool-errors";
import type { ToolDefinition } from "./types";

const input = z.strictObject({
  command: z.string().min(1).max(10_000),
  timeoutMs: z.number().int().min(1000).max(MAX_COMMAND_TIMEOUT_MS).optional(),
});

export type RunCommandInput = z.infer<typeof input>;

export const runCommandTool: ToolDefinition<RunCommandInput> = {
  name: "run_command",
  tier: "execute",
  effects: ["start_process", "network_egress"],
  scope: "general",
  description:
    "Run a shell command (`sh -c`) in an isolated sandbox whose working directory is the worktree root. Only the " +
    "worktree can be written, and only when this mode allows changes; the rest of the file system is read-only and " +
    "/tmp is a fresh empty scratch space that is discarded afterwards. The repository's git data is read-only " +
    "too: git commands that only read (status, diff, log) work; ones that write (add, commit, stash, checkout) " +
    "fail; commits go through the dedicated commit tool where this mode offers one. The network is off unless the server's operator enabled it. Nothing " +
    `survives the command: background processes are stopped when it exits. \`timeoutMs\` defaults to ` +
    `${DEFAULT_COMMAND_TIMEOUT_MS} (at most ${MAX_COMMAND_TIMEOUT_MS}); output is cut at ${MAX_COMMAND_OUTPUT_BYTES} bytes.`,
  input,
  async execute(args, ctx) {
    const worktree = requireWorktree(ctx);
    const timeoutMs = args.timeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
    const readOnlyMounts = ctx.git ? await gitMountsFor(ctx.git) : [];
    const result = await translateErrors(() =>
      runInSandbox({
        command: args.command,
        worktree,
        workspaceId: ctx.workspaceId,
        posture: ctx.posture,
        readOnlyMounts,
        network: sandboxNetworkEnabled(),
        timeoutMs,
        maxOutputBytes: MAX_COMMAND_OUTPUT_BYTES,
        signal: ctx.signal,
      }),
    );
    const status = result.timedOut
      ? `timed out after ${timeoutMs} ms and was stopped`
      : result.exitCode === null
        ? "was stopped"
        : `exit code ${result.exitCode}`;
    const parts = [`[${status}; ${result.durationMs} ms${ctx.posture === "read-only" ? "; worktree mounted read-only" : ""}]`];
    if (result.stdout) parts.push(result.stdout.trimEnd());
    if (result.stderr) parts.push(`[stderr]\n${result.stderr.trimEnd()}`);
    if (result.truncated) parts.push(`[output cut at ${MAX_COMMAND_OUTPUT_BYTES} bytes]`);
    return { output: parts.join("\n"), isError: result.exitCode !== 0 };
  },
};

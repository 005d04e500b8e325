import "server-only";
/**
 * T4: whether this server starts the Claude Code CLI inside the sandbox. It
 * does wherever the OS sandbox is a boundary (the start-up probe) and the
 * CLI's binary is installed; then the transport is a boundary. Elsewhere the
 * CLI runs outside, gated but only by convention, with its shell withheld, and
 * the capability panel says so with this reason.
 */
import { DEFAULT_BWRAP_PATH, detectSandbox } from "../../sandbox/detect-sandbox";
import { claudeCliBinary } from "./sandboxed-cli";

export type ClaudeCodeSandboxing = { sandboxed: true } | { sandboxed: false; reason: string };

export async function claudeCodeSandboxing(bwrapPath: string = DEFAULT_BWRAP_PATH): Promise<ClaudeCodeSandboxing> {
  const sandbox = await detectSandbox(bwrapPath);
  if (!sandbox.available) return { sandboxed: false, reason: sandbox.reason };
  try {
    await claudeCliBinary();
  } catch {
    return { sandboxed: false, reason: `the Claude Code binary of @anthropic-ai/claude-agent-sdk's platform package for ${process.platform}-${process.arch} is not installed` };
  }
  return { sandboxed: true };
}

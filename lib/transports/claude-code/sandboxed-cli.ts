import "server-only";
/**
 * T4, H1, H4: starts the Claude Code CLI inside the sandbox, through the Agent
 * SDK's spawn hook (`spawnClaudeCodeProcess`). The CLI then meets the mode's
 * mount plan like any command a run starts: the worktree read-only in a
 * read-only mode, so even a file tool that slipped past Gatehouse's gate cannot
 * write it; an unprivileged host user, no capabilities, limits, private /tmp
 * (its HOME). Mounted besides the system folders: the CLI's binary and the
 * Node binary that runs the relay forwarder, both read-only, and the relay's
 * folder — its one way to the model endpoint (model-relay.ts).
 */
import { createRequire } from "node:module";
import { realpath } from "node:fs/promises";
import path from "node:path";
import type { SpawnedProcess, SpawnOptions } from "@anthropic-ai/claude-agent-sdk";
import type { WorktreePosture } from "../../modes/types";
import { prepareSandboxedProcess } from "../../sandbox/start-sandboxed-process";
import { sandboxUser } from "../../sandbox/sandbox-user";
import { RELAY_INSIDE_SCRIPT, RELAY_PORT_INSIDE } from "./model-relay-inside";
import { startModelRelay, type ModelRelayOptions } from "./model-relay";

export interface SandboxedCliOptions {
  worktree: string;
  workspaceId: string;
  posture: WorktreePosture;
  /** the session's relay: endpoint, key, model and the lifecycle's hooks (the socket is made here) */
  relay: Omit<ModelRelayOptions, "listen">;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface SandboxedCli {
  /** the CLI binary to name as `pathToClaudeCodeExecutable` (the only program the hook starts) */
  executable: string;
  /** the environment variables the CLI is given, overriding what the caller set */
  env: Record<string, string>;
  spawn: (options: SpawnOptions) => SpawnedProcess;
  /** requests the relay carried to the endpoint, and why it refused the others */
  forwarded: readonly string[];
  refused: readonly string[];
  stderrTail(): string;
  close(): Promise<void>;
}

/** System folders every sandbox sees already; a binary under one needs no mount of its own. */
const SYSTEM_PREFIXES = ["/usr/", "/bin/", "/sbin/", "/lib/", "/lib64/", "/opt/"];

/** The CLI binary of the SDK's platform package for this host, as a real path. */
export async function claudeCliBinary(): Promise<string> {
  const require = createRequire(path.join(process.cwd(), "package.json"));
  const manifest = require.resolve(`@anthropic-ai/claude-agent-sdk-${process.platform}-${process.arch}/package.json`);
  return realpath(path.join(path.dirname(manifest), "claude"));
}

/** H4: the variables naming a model the CLI may pick by itself; Gatehouse sets each to the agent's model. */
export const PINNED_MODEL_VARIABLES = ["ANTHROPIC_MODEL", "ANTHROPIC_SMALL_FAST_MODEL", "ANTHROPIC_DEFAULT_HAIKU_MODEL", "ANTHROPIC_DEFAULT_SONNET_MODEL", "ANTHROPIC_DEFAULT_OPUS_MODEL", "CLAUDE_CODE_SUBAGENT_MODEL"] as const;

/** Variables the SDK (or Gatehouse, for the model) sets for its CLI that may pass into the sandbox; everything else is Gatehouse's. */
const SDK_VARIABLES = new RegExp(`^(CLAUDE_CODE_ENTRYPOINT|CLAUDE_AGENT_SDK_VERSION|CLAUDE_CODE_SDK_READS_SESSION_STATE|BUN_ENABLE_CRASH_REPORTING|CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC|DISABLE_AUTOUPDATER|DISABLE_TELEMETRY|CLAUDE_AGENT_SDK_CLIENT_APP|${PINNED_MODEL_VARIABLES.join("|")})$`);

export async function startSandboxedCli(options: SandboxedCliOptions): Promise<SandboxedCli> {
  const executable = await claudeCliBinary();
  const node = await realpath(process.execPath);
  const user = sandboxUser();
  const relay = await startModelRelay({ ...options.relay, listen: { socket: { user } } });
  try {
    const mounts = [executable, relay.dir!, ...(SYSTEM_PREFIXES.some((prefix) => node.startsWith(prefix)) ? [] : [node])];
    const sandbox = await prepareSandboxedProcess({
      worktree: options.worktree,
      workspaceId: options.workspaceId,
      posture: options.posture,
      readOnlyMounts: mounts,
      network: false,
      timeoutMs: options.timeoutMs,
      signal: options.signal,
    });
    // No key in the environment: the forwarder hands the CLI the session's secret through a pipe (model-relay-inside.ts).
    const env = {
      HOME: "/tmp",
      ANTHROPIC_BASE_URL: `http://127.0.0.1:${RELAY_PORT_INSIDE}`,
    };
    return {
      executable,
      env,
      forwarded: relay.forwarded,
      refused: relay.refused,
      spawn(spawnOptions) {
        // Only the binary mounted above may start, whatever the SDK was told.
        if (spawnOptions.command !== executable) throw new Error(`the sandbox starts only ${executable}, not ${spawnOptions.command}`);
        const passed = Object.fromEntries(Object.entries(spawnOptions.env).filter((entry): entry is [string, string] => SDK_VARIABLES.test(entry[0]) && typeof entry[1] === "string"));
        const child = sandbox.spawn([node, "-e", RELAY_INSIDE_SCRIPT, relay.socketPath!, String(RELAY_PORT_INSIDE), executable, ...spawnOptions.args], { ...passed, ...env });
        const { stdin, stdout } = child;
        if (!stdin || !stdout) throw new Error("the sandboxed CLI started without its pipes");
        // T5: the first line the forwarder reads, before anything of the SDK's stream.
        stdin.write(`${relay.secret}\n`);
        return Object.assign(child, { stdin, stdout });
      },
      stderrTail: () => sandbox.stderrTail(),
      async close() {
        await sandbox.release();
        await relay.close();
      },
    };
  } catch (error) {
    await relay.close();
    throw error;
  }
}

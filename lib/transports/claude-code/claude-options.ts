/**
 * T2/T3: how a room's surface becomes the Claude Code CLI's options. Pure.
 * permissionMode "plan" for every mode but chat (T2); `tools` and
 * `allowedTools` name only the Claude tools whose Gatehouse counterpart is on
 * the surface, and everything else known goes to `disallowedTools` (T3).
 */
import { surfaceTool, type Surface } from "../../modes/surface";
import { CLAUDE_TOOL_MAP, KNOWN_CLAUDE_TOOLS, NEEDS_SANDBOX, NEVER_LOADED } from "./tool-map";

export interface ClaudeToolOptions {
  permissionMode: "plan" | "default";
  tools: string[];
  allowedTools: string[];
  disallowedTools: string[];
}

export function claudeToolOptions(surface: Surface, options: { sandboxed: boolean }): ClaudeToolOptions {
  const loaded = Object.entries(CLAUDE_TOOL_MAP)
    .filter(([claude, gatehouse]) => {
      if (!surfaceTool(surface, gatehouse)) return false;
      if (NEVER_LOADED.has(claude)) return false;
      // T4/H1: a shell outside the sandbox would run on the host.
      return !NEEDS_SANDBOX.has(claude) || options.sandboxed;
    })
    .map(([claude]) => claude);
  return {
    permissionMode: surface.mode === "chat" ? "default" : "plan",
    tools: loaded,
    allowedTools: loaded,
    disallowedTools: KNOWN_CLAUDE_TOOLS.filter((name) => !loaded.includes(name)),
  };
}

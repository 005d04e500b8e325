/**
 * T3/T4: Claude Code's own tools and the Gatehouse tool whose place each takes.
 * Pure. A Claude Code tool is loaded only when its Gatehouse counterpart is on
 * the room's surface; a tool this table does not name has no counterpart and is
 * denied whether the CLI has it or not (T3).
 */
export const CLAUDE_TOOL_MAP: Readonly<Record<string, string>> = {
  Read: "read_file",
  LS: "list_dir",
  Glob: "glob",
  Grep: "grep",
  Write: "write_file",
  Edit: "edit_file",
  MultiEdit: "edit_file",
  NotebookEdit: "edit_file",
  Bash: "run_command",
  WebFetch: "web_fetch",
  TodoWrite: "todo_write",
};

/**
 * T4: tools that run inside the CLI's own process. Outside the sandbox a shell
 * would run on the host (H1), so Bash is loaded only where the CLI itself is
 * sandboxed. WebFetch never is: inside, the CLI's only network is the relay to
 * its model endpoint, and outside, a fetch would leave the server beyond H4's
 * address policy (agents research with Gatehouse's web_fetch).
 */
export const NEEDS_SANDBOX: ReadonlySet<string> = new Set(["Bash"]);
export const NEVER_LOADED: ReadonlyMap<string, string> = new Map([
  ["WebFetch", "its requests would leave from the CLI's process, outside Gatehouse's address policy (H4)"],
]);

/** Arguments that name a path, per file tool; each must lie inside the worktree (H2). */
export const PATH_ARGUMENTS: Readonly<Record<string, readonly string[]>> = {
  Read: ["file_path"],
  Write: ["file_path"],
  Edit: ["file_path"],
  MultiEdit: ["file_path"],
  NotebookEdit: ["notebook_path"],
  LS: ["path"],
  Glob: ["path"],
  Grep: ["path"],
};

/** Every Claude Code tool a default CLI may offer; those not loaded go to disallowedTools. */
export const KNOWN_CLAUDE_TOOLS: readonly string[] = [
  ...Object.keys(CLAUDE_TOOL_MAP),
  "WebSearch",
  "BashOutput",
  "KillShell",
  "KillBash",
  "SlashCommand",
  "Skill",
  "ListMcpResourcesTool",
  "ReadMcpResourceTool",
  "EnterPlanMode",
  "AskUserQuestion",
  "Task",
  "Agent",
  "ExitPlanMode",
];

export function gatehouseToolFor(claudeTool: string): string | null {
  return CLAUDE_TOOL_MAP[claudeTool] ?? null;
}

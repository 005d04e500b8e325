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

/** H2: file tools whose path names a directory, and those whose path may be the worktree root itself. */
export const DIRECTORY_TOOLS: ReadonlySet<string> = new Set(["LS", "Glob"]);
export const ROOT_PATH_TOOLS: ReadonlySet<string> = new Set(["LS", "Glob", "Grep"]);

/**
 * G4: a Claude Code call as its Gatehouse counterpart would make it, so a call
 * that waits for a person can be run by Gatehouse itself once allowed (the tool
 * decided on, through Gatehouse's own confinement). Null: it cannot be
 * expressed that way, and so cannot wait.
 */
export function counterpartCall(claudeTool: string, input: unknown, worktree: string): { toolName: string; input: Record<string, unknown> } | null {
  const args = (input ?? {}) as Record<string, unknown>;
  const relative = (value: unknown) => (typeof value === "string" ? relativeTo(worktree, value) : null);
  if (claudeTool === "Write") {
    const file = relative(args.file_path);
    return file && typeof args.content === "string" ? { toolName: "write_file", input: { path: file, content: args.content } } : null;
  }
  if (claudeTool === "Edit") {
    const file = relative(args.file_path);
    if (!file || typeof args.old_string !== "string" || typeof args.new_string !== "string") return null;
    return { toolName: "edit_file", input: { path: file, oldText: args.old_string, newText: args.new_string, ...(args.replace_all === true ? { replaceAll: true } : {}) } };
  }
  if (claudeTool === "Bash") {
    if (typeof args.command !== "string") return null;
    const timeout = typeof args.timeout === "number" ? Math.min(Math.max(Math.trunc(args.timeout), 1000), 600_000) : undefined;
    return { toolName: "run_command", input: { command: args.command, ...(timeout ? { timeoutMs: timeout } : {}) } };
  }
  return null;
}

/** A path the CLI named, relative to the worktree (lexically; the counterpart tool confines it for real). */
function relativeTo(worktree: string, value: string): string | null {
  const absolute = value.startsWith("/") ? value : `${worktree}/${value}`;
  if (absolute !== worktree && !absolute.startsWith(`${worktree}/`)) return null;
  return absolute.slice(worktree.length + 1) || null;
}

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

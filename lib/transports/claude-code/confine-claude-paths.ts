import "server-only";
/**
 * H2, T2: where the Claude Code CLI runs outside the sandbox ("convention"),
 * the paths its file tools name are resolved the way Gatehouse's own file
 * tools resolve theirs (lib/tools/resolve-in-worktree.ts): one component at a
 * time from a handle on the worktree root, links read and walked, and none may
 * lead out of the worktree or into `.git`. A path that does is refused. One
 * that resolves is handed back to the CLI as the link-free path it resolved to,
 * so the CLI opens what was checked rather than the link the model named.
 *
 * What this does not close: the CLI opens that path itself, after the check.
 * A directory swapped for a link in between by another process writing the
 * same worktree is not caught (the sandboxed CLI is not exposed to it: there a
 * link out of the worktree leads nowhere). No process of the session itself can
 * make that swap: outside the sandbox its shell is withheld (T4).
 */
import path from "node:path";
import { resolveInWorktree } from "../../tools/resolve-in-worktree";
import { ToolError } from "../../tools/types";
import { DIRECTORY_TOOLS, PATH_ARGUMENTS, ROOT_PATH_TOOLS } from "./tool-map";

export type ConfinedInput = { ok: true; input: unknown } | { ok: false; reason: string };

export async function confineClaudePaths(claudeTool: string, input: unknown, worktree: string): Promise<ConfinedInput> {
  const keys = PATH_ARGUMENTS[claudeTool] ?? [];
  if (keys.length === 0) return { ok: true, input };
  const args = { ...((input ?? {}) as Record<string, unknown>) };
  for (const key of keys) {
    const value = args[key];
    if (value === undefined) continue;
    if (typeof value !== "string") return { ok: false, reason: `${key} is not a path` };
    const relative = path.relative(worktree, path.resolve(worktree, value));
    const directory = DIRECTORY_TOOLS.has(claudeTool);
    try {
      const entry = await resolveInWorktree(worktree, relative === "" ? "." : relative, { followLast: true, directory, allowRoot: ROOT_PATH_TOOLS.has(claudeTool) });
      try {
        args[key] = entry.resolved === "" ? entry.root : path.join(entry.root, entry.resolved);
      } finally {
        await entry.close();
      }
    } catch (error) {
      if (error instanceof ToolError) return { ok: false, reason: `${claudeTool} refused: ${key} ${value.slice(0, 200)}: ${error.message}` };
      throw error;
    }
  }
  return { ok: true, input: args };
}

/**
 * The checks on a model-supplied path that need no file system: refused are
 * absolute paths, NUL bytes, `..` that leads above the worktree root and any
 * `.git` component (in any letter case). The messages tell the model what to
 * give instead.
 */
import path from "node:path";
import { ToolError } from "./types";

export interface ConfineOptions {
  /** the empty path or "." names the worktree root (list_dir, grep) */
  allowRoot?: boolean;
}

/** A model-supplied path that passed the lexical checks. */
export interface ToolPath {
  /** normalized path relative to the root ("" is the root itself), as the model named it */
  relative: string;
  /** its components */
  parts: string[];
}

export function escapes(input: string, why: string): ToolError {
  return new ToolError(`path escapes the worktree: "${input.slice(0, 200)}" ${why}. Give a path relative to the worktree root.`);
}

export function insideGit(input: string): ToolError {
  return new ToolError(`path is inside .git: "${input.slice(0, 200)}". The repository's internals are off limits; use the git tools.`);
}

/** Case-insensitive: on a case-insensitive file system ".GIT" is the same directory. */
export function isGitName(name: string): boolean {
  return name.toLowerCase() === ".git";
}

export function parseToolPath(input: string, options: ConfineOptions = {}): ToolPath {
  if (input.includes("\0")) throw new ToolError("path contains a NUL byte");
  if (path.isAbsolute(input)) throw escapes(input, "is absolute");
  const normalized = path.posix.normalize(input.trim() === "" ? "." : input).replace(/\/+$/, "");
  if (normalized === ".." || normalized.startsWith("../")) throw escapes(input, "leads above the worktree root");
  const relative = normalized === "." || normalized === "" ? "" : normalized;
  if (relative === "" && !options.allowRoot) throw new ToolError("a file path is required, not the worktree root");
  const parts = relative === "" ? [] : relative.split("/");
  if (parts.some((part) => part.split("\\").some(isGitName))) throw insideGit(input);
  return { relative, parts };
}

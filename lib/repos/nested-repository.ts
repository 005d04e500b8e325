/**
 * H2, H6: what a worktree's changes may not bring into a commit. A nested
 * repository (a folder with its own `.git`: a file, a folder or a link) would
 * be recorded as a gitlink to whatever that `.git` names, and a `.gitmodules`
 * the agent wrote would declare submodules for every later checkout; neither
 * is ever followed by host code, and neither is committed. The message says
 * what to do instead.
 */
export class NestedRepositoryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NestedRepositoryError";
  }

  static at(paths: readonly string[]): NestedRepositoryError {
    const named = paths.slice(0, 5).join(", ") + (paths.length > 5 ? ` and ${paths.length - 5} more` : "");
    return new NestedRepositoryError(
      `nothing was committed: ${named} ${paths.length === 1 ? "is a nested git repository" : "are nested git repositories"}; ` +
        "remove its .git (or commit its files in this repository instead)",
    );
  }

  static declaringSubmodules(paths: readonly string[]): NestedRepositoryError {
    return new NestedRepositoryError(
      `nothing was committed: ${paths.slice(0, 5).join(", ")} would declare submodules, which Gatehouse does not commit; ` +
        "remove the change to it (or commit the submodule's files in this repository instead)",
    );
  }

  static gitPath(paths: readonly string[]): NestedRepositoryError {
    return new NestedRepositoryError(`nothing was committed: ${paths.slice(0, 5).join(", ")} would be git's own data (a path named .git)`);
  }
}

/** A path component git itself would take for `.git` on some file system (case, trailing dots and spaces, the 8.3 name). */
export function isGitComponent(component: string): boolean {
  const name = component.toLowerCase().replace(/[. ]+$/, "");
  return name === ".git" || name === "git~1";
}

/** `.gitmodules` as any file system might spell it. */
export function isGitmodules(component: string): boolean {
  const name = component.toLowerCase().replace(/[. ]+$/, "");
  return name === ".gitmodules" || name.startsWith("gitmod~");
}

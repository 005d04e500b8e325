/**
 * Turns the typed failures of lib/repos and lib/sandbox into ToolErrors, whose
 * messages go back to the model. Anything unexpected is rethrown unchanged so
 * the harness records it as an internal error instead of blaming the model.
 */
import { GitError } from "../repos/git";
import { InvalidRefError } from "../repos/git-refs";
import { SandboxedGitError } from "../repos/sandbox-git-step";
import { SandboxUnavailableError } from "../sandbox/run-in-sandbox";
import { SandboxBusyError } from "../sandbox/sandbox-slots";
import { ToolError } from "./types";

export function asToolError(err: unknown): unknown {
  if (err instanceof ToolError) return err;
  if (err instanceof InvalidRefError || err instanceof SandboxUnavailableError || err instanceof SandboxBusyError) {
    return new ToolError(err.message);
  }
  if (err instanceof GitError || err instanceof SandboxedGitError) return new ToolError(err.message);
  return err;
}

/** Runs `work`, translating known failures for the model. */
export async function translateErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw asToolError(err);
  }
}

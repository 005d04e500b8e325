import "server-only";
/**
 * R7: a pull request's gates are declared by its base, never by the head under
 * review. The declaration is read at the base commit (the merge base Gatehouse
 * records); the head's copy is only compared with it, so a head that relaxes or
 * removes a gate is reviewed under the base's gates and gets a finding naming
 * the change (see flag-axes-change.ts).
 */
import { readFileAt } from "../repos/pull-git";
import { readAxesAt } from "./read-axes-at";
import { readAxesFile, type ReadAxesFileResult } from "./read-axes-file";
import { AXES_FILE_NAME } from "./schemas";

const MAX_BYTES = 256 * 1024;

/** R7: the declaration that gates a pull request: the one at its base. */
export function readBaseAxes(mirror: string, pull: { baseSha: string }): Promise<ReadAxesFileResult> {
  return readAxesAt(mirror, pull.baseSha);
}

/**
 * R7: how the head's declaration differs from the base's, in words a person
 * can check ("removes gated axis 'tests'; makes 'lint' not gated"), or null
 * when the head leaves the file as the base has it.
 */
export async function describeAxesChange(mirror: string, pull: { baseSha: string; headSha: string }): Promise<string | null> {
  const [base, head] = await Promise.all([readRaw(mirror, pull.baseSha), readRaw(mirror, pull.headSha)]);
  if (base === head) return null;
  if (base === null) return `adds ${AXES_FILE_NAME}${summarize(readAxesFile(head))}`;
  if (head === null) return `deletes ${AXES_FILE_NAME}${summarize(readAxesFile(base), "which declared")}`;
  return changesBetween(readAxesFile(base), readAxesFile(head));
}

/** R7: the differences between two parsed declarations, or "edits the file" when only formatting changed. */
export function changesBetween(base: ReadAxesFileResult, head: ReadAxesFileResult): string {
  if (!head.ok) return `makes ${AXES_FILE_NAME} unreadable (${head.reason})`;
  if (!base.ok) return `rewrites ${AXES_FILE_NAME}, unreadable at the base${summarize(head)}`;
  const before = new Map(base.axes.map((a) => [a.name, a]));
  const after = new Map(head.axes.map((a) => [a.name, a]));
  const changes: string[] = [];
  for (const [name, axis] of before) {
    const next = after.get(name);
    if (!next) changes.push(`removes ${axis.gated ? "gated " : ""}axis '${name}'`);
    else {
      if (axis.gated && !next.gated) changes.push(`makes '${name}' not gated`);
      if (!axis.gated && next.gated) changes.push(`makes '${name}' gated`);
      if (axis.command !== next.command) changes.push(`changes the command of '${name}' from \`${axis.command}\` to \`${next.command}\``);
      if ((axis.timeoutMs ?? null) !== (next.timeoutMs ?? null)) changes.push(`changes the timeout of '${name}'`);
    }
  }
  for (const [name, axis] of after) if (!before.has(name)) changes.push(`adds ${axis.gated ? "gated " : ""}axis '${name}'`);
  return changes.length > 0 ? changes.join("; ") : `edits ${AXES_FILE_NAME} without changing any axis`;
}

function summarize(read: ReadAxesFileResult, verb = "declaring"): string {
  if (!read.ok) return " (unreadable)";
  if (read.axes.length === 0) return "";
  return ` ${verb} ${read.axes.map((a) => `'${a.name}'${a.gated ? " (gated)" : ""}`).join(", ")}`;
}

async function readRaw(mirror: string, sha: string): Promise<string | null> {
  try {
    return await readFileAt(mirror, sha, AXES_FILE_NAME, MAX_BYTES);
  } catch {
    return null;
  }
}

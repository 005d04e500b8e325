/**
 * R5, R7: read a repository's `gatehouse.axes.json`. The file is
 * written by people and read at every head, so errors must say where the file
 * is wrong instead of throwing. An absent file declares no axes (the verdict
 * then rests on findings alone); a broken file is an error the caller shows,
 * and it must not be mistaken for "no gates": a caller that cannot read the
 * declaration should treat the gates as unknown, not as green.
 */
import { axesFile, DEFAULT_AXIS_TIMEOUT_MS, type AxisDeclaration } from "./schemas";

/** The outcome of reading the axes file. */
export type ReadAxesFileResult =
  | { ok: true; axes: AxisDeclaration[]; present: boolean }
  | { ok: false; reason: string };

/**
 * Parse the file's text. `null`/`undefined` means the file does not exist at
 * the head, which is allowed and declares no axes.
 */
export function readAxesFile(text: string | null | undefined): ReadAxesFileResult {
  if (text === null || text === undefined) return { ok: true, axes: [], present: false };
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    return { ok: false, reason: `gatehouse.axes.json is not valid JSON (${error instanceof Error ? error.message : "parse error"})` };
  }
  const parsed = axesFile.safeParse(json);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((issue) => {
      const where = issue.path.length > 0 ? issue.path.map(String).join(".") : "file";
      return `${where}: ${issue.message}`;
    });
    return { ok: false, reason: `gatehouse.axes.json is invalid: ${reasons.join("; ")}` };
  }
  return { ok: true, axes: parsed.data.axes, present: true };
}

/** How long the sandbox may run an axis before recording `could_not_run` (timeout). */
export function axisTimeoutMs(axis: Pick<AxisDeclaration, "timeoutMs">): number {
  return axis.timeoutMs ?? DEFAULT_AXIS_TIMEOUT_MS;
}

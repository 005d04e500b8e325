/**
 * Offline reviewer rule: TODO / FIXME / XXX / HACK markers added in comments
 * (P3). A TODO is a question to the author (is there a ticket, or is it part
 * of this change?); FIXME, XXX and HACK admit something is known to be wrong,
 * so they come as a suggestion with a little more confidence.
 *
 * Only comments count (a `todo` variable, a "TODO" string, a URL with /TODO/
 * in it or an `XXX-XXX` placeholder are not markers), and prose files are
 * skipped: documentation may talk about TODOs.
 */
import type { FindingInput } from "../schemas";
import { clip, commentOf, lineAnchor, type AddedLine } from "./scan-lines";
import { isGeneratedPath, isLockfile, isProsePath } from "./classify-path";

const MARKER = /(?<![\w-])(TODO|FIXME|XXX|HACK)(?![\w-])/;

/** Added TODO-style markers in a file's comments. */
export function scanTodoMarkers(path: string, lines: readonly AddedLine[]): FindingInput[] {
  if (isProsePath(path) || isGeneratedPath(path) || isLockfile(path)) return [];
  const out: FindingInput[] = [];
  for (const l of lines) {
    const comment = commentOf(path, l.content);
    if (comment === null) continue;
    const marker = MARKER.exec(comment)?.[1];
    if (!marker) continue;
    const note = clip(l.content.trim(), 120);
    out.push(
      marker === "TODO"
        ? {
            kind: "question",
            priority: "P3",
            confidence: 0.6,
            title: "TODO added",
            body:
              `Rule "added TODO": this change adds \`${note}\`. Is the remaining work tracked in a ticket, ` +
              `or is it meant to be finished in this pull request? Untracked TODOs tend to stay.`,
            anchor: lineAnchor(path, l.line),
          }
        : {
            kind: "suggestion",
            priority: "P3",
            confidence: 0.7,
            title: `${marker} added`,
            body:
              `Rule "added ${marker}": this change adds \`${note}\`, which marks something as known to be wrong ` +
              `or temporary. Fix it here, or file a ticket and reference it in the comment.`,
            anchor: lineAnchor(path, l.line),
          },
    );
  }
  return out;
}

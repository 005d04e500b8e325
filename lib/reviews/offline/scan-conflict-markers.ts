/**
 * Offline reviewer rule: merge conflict markers committed (P0 bug). A file
 * with `<<<<<<<` / `=======` / `>>>>>>>` lines does not compile, or worse,
 * ships both sides of a conflict. The finding spans the whole block.
 *
 * `=======` alone is a Markdown/reStructuredText heading underline, so only
 * the opening and closing markers start a finding; a lone opening or closing
 * marker counts with lower confidence, and prose files get less confidence
 * because documentation sometimes shows conflicts on purpose.
 */
import type { FindingInput } from "../schemas";
import { lineAnchor, type AddedLine } from "./scan-lines";
import { isProsePath } from "./classify-path";

const OPEN = /^<{7}(?: |$)/;
const SEPARATOR = /^={7}\s*$/;
const BASE = /^\|{7}(?: |$)/;
const CLOSE = /^>{7}(?: |$)/;

/** Conflict blocks among a file's added lines. */
export function scanConflictMarkers(path: string, lines: readonly AddedLine[]): FindingInput[] {
  const out: FindingInput[] = [];
  const prose = isProsePath(path);
  for (let i = 0; i < lines.length; i++) {
    const start = lines[i] as AddedLine;
    const opens = OPEN.test(start.content);
    if (!opens && !CLOSE.test(start.content)) continue;
    let end = start;
    let complete = false;
    if (opens) {
      // Look ahead (bounded) for the separator and the closing marker.
      let sawSeparator = false;
      for (let j = i + 1; j < lines.length && j <= i + 2000; j++) {
        const l = lines[j] as AddedLine;
        if (SEPARATOR.test(l.content) || BASE.test(l.content)) sawSeparator = true;
        if (OPEN.test(l.content)) break;
        if (CLOSE.test(l.content)) {
          end = l;
          complete = sawSeparator;
          i = j;
          break;
        }
      }
    }
    const confidence = (complete ? 0.97 : 0.7) - (prose ? 0.2 : 0);
    out.push({
      kind: "bug",
      priority: "P0",
      confidence: Math.round(confidence * 100) / 100,
      title: "Merge conflict markers committed",
      body:
        `Rule "conflict markers": ${complete ? `lines ${start.line}–${end.line} are a complete conflict block` : `line ${start.line} is a conflict marker`} ` +
        `(\`<<<<<<<\` … \`=======\` … \`>>>>>>>\`). The merge was committed unresolved: the file will not build, or ` +
        `will contain both sides. Resolve the conflict and remove the markers.`,
      anchor: lineAnchor(path, start.line, end.line),
    });
  }
  return out;
}

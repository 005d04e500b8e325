/**
 * Offline reviewer rule: leftover debug output in non-test source.
 * Breakpoint statements (`debugger`, `breakpoint()`, `binding.pry`) stop a
 * program or a request under a debugger and are never intended: P2, high
 * confidence. Printing (`console.log`, `print(`) is often a leftover but
 * sometimes deliberate: P3, with a confidence that says so.
 * Not applied to tests, scripts, CLIs, examples, prose or generated code,
 * and never to text inside strings or comments.
 */
import type { FindingInput, Priority } from "../schemas";
import { clip, codeOf, lineAnchor, type AddedLine } from "./scan-lines";
import { extensionOf, isGeneratedPath, isProsePath, isScriptPath, isTestPath } from "./classify-path";

interface DebugRule {
  /** extensions the rule applies to */
  ext: readonly string[];
  pattern: RegExp;
  title: string;
  priority: Priority;
  confidence: number;
  why: string;
}

const JS = ["ts", "tsx", "js", "jsx", "mjs", "cjs", "mts", "cts", "vue", "svelte"];
const BREAKS = "It pauses execution whenever a debugger is attached and is never meant to ship.";
const PRINTS = "Debug printing clutters logs and can leak data; use the project's logger or remove it.";

const RULES: DebugRule[] = [
  { ext: JS, pattern: /(^|[;{}])\s*debugger\s*;?\s*$/, title: "debugger statement left in", priority: "P2", confidence: 0.9, why: BREAKS },
  { ext: JS, pattern: /\bconsole\.(log|debug|trace|dir|table)\s*\(/, title: "console output left in", priority: "P3", confidence: 0.7, why: PRINTS },
  { ext: ["py"], pattern: /\bbreakpoint\s*\(\s*\)|\b(i?pdb|pudb)\.set_trace\s*\(|^\s*import\s+i?pdb\b/, title: "Python breakpoint left in", priority: "P2", confidence: 0.9, why: BREAKS },
  { ext: ["py"], pattern: /^\s*print\s*\(/, title: "print() left in", priority: "P3", confidence: 0.45, why: PRINTS },
  { ext: ["rb"], pattern: /\bbinding\.(pry|irb)\b|^\s*byebug\b|^\s*debugger\b/, title: "Ruby breakpoint left in", priority: "P2", confidence: 0.9, why: BREAKS },
  { ext: ["rs"], pattern: /\bdbg!\s*\(/, title: "dbg! left in", priority: "P3", confidence: 0.8, why: PRINTS },
  { ext: ["php"], pattern: /\b(var_dump|print_r|dd)\s*\(/, title: "PHP dump left in", priority: "P3", confidence: 0.7, why: PRINTS },
  { ext: ["java", "kt"], pattern: /\bSystem\.(out|err)\.print(ln)?\s*\(|\.printStackTrace\s*\(\s*\)/, title: "console output left in", priority: "P3", confidence: 0.5, why: PRINTS },
];

/** More hits than this for one rule in one file become one grouped finding. */
const GROUP_AFTER = 5;

/** Debug output among a file's added lines. */
export function scanDebugOutput(path: string, lines: readonly AddedLine[]): FindingInput[] {
  if (isTestPath(path) || isScriptPath(path) || isProsePath(path) || isGeneratedPath(path)) return [];
  const ext = extensionOf(path);
  const rules = RULES.filter((r) => r.ext.includes(ext));
  if (rules.length === 0) return [];
  const out: FindingInput[] = [];
  const code = lines.map((l) => codeOf(path, l.content)); // once per line, not once per rule
  for (const rule of rules) {
    const hits = lines.filter((_, i) => rule.pattern.test(code[i] ?? ""));
    if (hits.length === 0) continue;
    if (hits.length > GROUP_AFTER) {
      const first = hits[0] as AddedLine;
      const more = hits.map((h) => h.line).join(", ");
      out.push(finding(rule, path, first, `${hits.length} added lines in this file do this (lines ${clip(more, 200)}).`));
      continue;
    }
    for (const hit of hits) out.push(finding(rule, path, hit, `this line adds \`${clip(hit.content.trim(), 100)}\`.`));
  }
  return out;
}

function finding(rule: DebugRule, path: string, at: AddedLine, what: string): FindingInput {
  return {
    kind: rule.priority === "P2" ? "bug" : "suggestion",
    priority: rule.priority,
    confidence: rule.confidence,
    title: rule.title,
    body: `Rule "leftover debug output" (non-test source): ${what} ${rule.why}`,
    anchor: lineAnchor(path, at.line),
  };
}

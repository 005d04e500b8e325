/**
 * Offline reviewer rule (R11): printing something the secret scanner flags is
 * at least P1. A leftover console.log is a P3 on its own; one that prints a
 * flagged credential — on the flagged line itself, or through a name the
 * flagged line assigns — writes the secret to every log that collects the
 * output, so it is a bug that holds the pull request.
 */
import type { FindingInput } from "../schemas";
import type { AddedLine } from "./scan-lines";

const ASSIGNED = /(?:^|[\s,{(])(?:const|let|var|export\s+const)?\s*([A-Za-z_$][\w$]*)\s*(?::\s*[\w<>[\]|]+\s*)?(?:=|:)(?!=)/;

/** Raise debug-output findings that print a secret-flagged value to P1. */
export function escalateLoggedSecrets(lines: readonly AddedLine[], secrets: readonly FindingInput[], debug: readonly FindingInput[]): FindingInput[] {
  if (secrets.length === 0 || debug.length === 0) return [...debug];
  const byLine = new Map(lines.map((l) => [l.line, l.content]));
  const flaggedLines = new Set<number>();
  const names = new Set<string>();
  for (const s of secrets) {
    if (!s.anchor) continue;
    for (let n = s.anchor.startLine; n <= s.anchor.endLine; n++) {
      flaggedLines.add(n);
      const name = ASSIGNED.exec(byLine.get(n) ?? "")?.[1];
      if (name) names.add(name);
    }
  }
  return debug.map((d) => {
    if (!d.anchor) return d;
    const content = byLine.get(d.anchor.startLine) ?? "";
    const via = flaggedLines.has(d.anchor.startLine) ? "a credential on this very line" : [...names].find((n) => new RegExp(`(^|[^\\w$])${escape(n)}([^\\w$]|$)`).test(content.replace(/^[^(]*\(/, "(")));
    if (!via) return d;
    const what = via === "a credential on this very line" ? via : `\`${via}\`, which holds a value the secret scanner flagged`;
    return {
      ...d,
      kind: "bug",
      priority: d.priority === "P0" ? "P0" : "P1",
      confidence: Math.max(d.confidence, 0.85),
      title: "Secret written to the console",
      body: `Rule "printed secret": this line prints ${what}. Anything printed ends up in logs, terminals and CI output; remove the output and revoke the credential.`,
    };
  });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

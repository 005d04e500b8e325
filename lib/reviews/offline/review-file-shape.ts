/**
 * Offline reviewer rules about a file as a whole rather than its lines:
 * very large additions, generated or minified output, binary additions and
 * committed environment files. Lockfiles are large by nature and skipped.
 */
import type { DiffFile } from "../../diff/parse-diff";
import type { FindingInput } from "../schemas";
import { lineAnchor } from "./scan-lines";
import { basenameOf, extensionOf, isEnvFile, isGeneratedPath, isLockfile } from "./classify-path";

/** Build output and archives: reproducible from source, and opaque to review. */
const ARTIFACTS = new Set([
  "zip", "tar", "gz", "tgz", "bz2", "xz", "7z", "rar", "jar", "war", "ear", "exe", "dll", "so", "dylib",
  "o", "a", "lib", "class", "pyc", "pyo", "whl", "egg", "bin", "iso", "dmg", "msi", "deb", "rpm", "apk", "node", "wasm",
]);

/** File-level findings for one changed file (path = its new path). */
export function reviewFileShape(file: DiffFile, path: string, maxAddedLines: number): FindingInput[] {
  const out: FindingInput[] = [];
  const firstAdded = file.hunks.flatMap((h) => h.lines).find((l) => l.type === "add")?.newLine ?? null;
  const anchor = firstAdded === null ? undefined : lineAnchor(path, firstAdded);

  if (file.binary && file.status !== "deleted") {
    const artifact = ARTIFACTS.has(extensionOf(path));
    out.push(
      artifact
        ? {
            kind: "recommendation",
            priority: "P2",
            confidence: 0.8,
            title: `Build artifact or archive committed (${basenameOf(path)})`,
            body:
              `Rule "binary addition": \`${path}\` is a binary build artifact or archive. Reviewers cannot read it, it bloats ` +
              `the repository's history for good, and it can hide code that was never reviewed. Build it in CI or publish it as a release asset.`,
          }
        : {
            kind: "question",
            priority: "P3",
            confidence: 0.35,
            title: `Binary file ${file.status === "added" ? "added" : "changed"} (${basenameOf(path)})`,
            body:
              `Rule "binary addition": \`${path}\` is binary, so this review cannot see its contents. Images, fonts and ` +
              `documents are often intended; if this one is large or generated, consider Git LFS or keeping it out of the repository.`,
          },
    );
  }

  if (isEnvFile(path) && file.status !== "deleted" && file.additions > 0) {
    out.push({
      kind: "bug",
      priority: "P1",
      confidence: 0.75,
      title: `Environment file committed (${basenameOf(path)})`,
      body:
        `Rule "committed environment file": \`${path}\` usually holds machine-specific settings and credentials and ` +
        `belongs in .gitignore. Commit a \`.env.example\` with placeholder values instead.`,
      ...(anchor ? { anchor } : {}),
    });
  }

  if (!isLockfile(path) && file.additions > maxAddedLines) {
    out.push(
      isGeneratedPath(path)
        ? {
            kind: "suggestion",
            priority: "P3",
            confidence: 0.6,
            title: "Generated or minified file committed",
            body:
              `Rule "very large addition": \`${path}\` adds ${file.additions} lines and looks generated, minified or ` +
              `vendored. Generated output is usually rebuilt rather than committed, and it cannot be reviewed line by line.`,
            ...(anchor ? { anchor } : {}),
          }
        : {
            kind: "recommendation",
            priority: "P2",
            confidence: 0.8,
            title: "Very large addition in one file",
            body:
              `Rule "very large addition": \`${path}\` adds ${file.additions} lines (more than ${maxAddedLines}). ` +
              `Changes of this size are rarely reviewed thoroughly; split the file or the pull request so each part can be read.`,
            ...(anchor ? { anchor } : {}),
          },
    );
  }
  return out;
}

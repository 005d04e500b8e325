/**
 * Names git may be given for revisions, branches and paths, checked before any
 * git runs (pure, no I/O, so schemas in the browser use it too). Every
 * untrusted revision is validated here and then placed after
 * `--end-of-options`, so git cannot read it as an option (`--output=/tmp/x`)
 * and no shell ever sees it.
 */

/** A ref or branch name that failed validation; its message is fit for the model. */
export class InvalidRefError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidRefError";
  }
}

const MAX_REF_LENGTH = 200;
// A ref name (check-ref-format's character rules, made stricter: ASCII letters,
// digits, "._/-", never starting with "-", "." or "/") plus optional ~N / ^N steps.
const REVISION = /^[A-Za-z0-9_][A-Za-z0-9._/-]*(?:[~^][0-9]{0,4})*$/;
const BRANCH = /^[A-Za-z0-9_][A-Za-z0-9._/-]*$/;

function checkRefNameRules(name: string, what: string): void {
  const bad =
    name.includes("..") ||
    name.includes("//") ||
    name.includes("/.") ||
    name.endsWith("/") ||
    name.endsWith(".") ||
    name.endsWith(".lock") ||
    name.split("/").some((part) => part.endsWith(".lock"));
  if (bad) throw new InvalidRefError(`invalid ${what} "${name}": not a valid git ref name`);
}

/**
 * Validates a revision such as `main`, `origin/main`, `v1.2`, `HEAD~2` or a
 * commit id. Anything else (options, shell syntax, ranges, reflog syntax) is
 * refused. Returns the revision unchanged.
 */
export function validateRef(ref: string, what = "ref"): string {
  if (ref.length === 0 || ref.length > MAX_REF_LENGTH) throw new InvalidRefError(`invalid ${what}: must be 1–${MAX_REF_LENGTH} characters`);
  if (!REVISION.test(ref)) {
    throw new InvalidRefError(
      `invalid ${what} "${ref.slice(0, 80)}": use a branch, tag or commit id, optionally with ~N or ^N ` +
        `(letters, digits, ".", "_", "/", "-"; it cannot start with "-")`,
    );
  }
  checkRefNameRules(ref.replace(/[~^][0-9]*/g, ""), what);
  return ref;
}

/** Validates a new branch name (no revision suffixes). */
export function validateBranchName(name: string): string {
  if (name.length === 0 || name.length > MAX_REF_LENGTH || !BRANCH.test(name) || name === "HEAD") {
    throw new InvalidRefError(`invalid branch name "${name.slice(0, 80)}"`);
  }
  checkRefNameRules(name, "branch name");
  return name;
}

/** A path git must read literally (no pathspec magic, no globbing). */
export function literalPathspec(relativePath: string): string {
  return `:(literal)${relativePath}`;
}

/** A full commit, tree or blob id. */
export const OBJECT_ID = /^[0-9a-f]{40}$/;

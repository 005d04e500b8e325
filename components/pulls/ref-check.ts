/**
 * The browser's first look at a branch name someone typed, mirroring the
 * rules lib/repos/git.ts enforces before git ever sees a revision (letters,
 * digits, "._/-", optional ~N/^N; no "..", "//", "/.", ".lock"; never
 * starting with "-", "." or "/"). The server checks again and decides; this
 * only says what is wrong before a round trip.
 */
const REVISION = /^[A-Za-z0-9_][A-Za-z0-9._/-]*(?:[~^][0-9]{0,4})*$/;

export function refProblem(ref: string): string | null {
  const value = ref.trim();
  if (!value) return "Name a branch.";
  if (value.length > 200) return "At most 200 characters.";
  if (!REVISION.test(value)) return 'Use letters, digits, ".", "_", "/" or "-", starting with a letter or digit (no spaces).';
  const name = value.replace(/[~^][0-9]*/g, "");
  if (name.includes("..") || name.includes("//") || name.includes("/.") || name.endsWith("/") || name.endsWith(".") || name.split("/").some((p) => p.endsWith(".lock"))) {
    return "That is not a valid git branch name.";
  }
  return null;
}

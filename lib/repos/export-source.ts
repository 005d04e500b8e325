/**
 * Reading a repository that lives in a folder on the server (H1, H3). Git's
 * local transport would run `git upload-pack` *in* that repository on the
 * host, under its config (and follow a `.git` file or `objects/info/alternates`
 * wherever they point — another workspace's mirror, say). So that side runs in
 * the OS sandbox instead: the folder is mounted read-only and nothing else of
 * the host is visible, no network, no capabilities. Inside, git lists the
 * branches and tags and writes a bundle of the commits the mirror lacks into
 * a scratch folder; the host then reads the listing as data and gives the
 * bundle to its own hardened git (lib/repos/mirror.ts applyExport).
 *
 * Whatever the repository's config names — hooks, fsmonitor, filters,
 * upload-pack hooks, include files — runs, if at all, inside the sandbox.
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { runInSandbox } from "../sandbox/run-in-sandbox";
import { handToSandboxUser } from "../sandbox/sandbox-user";
import { parseSourceRefs, type SourceRef } from "./mirror";

const EXPORT_TIMEOUT_MS = 180_000;
const MAX_HAVES = 500;
const SHA = /^[0-9a-f]{40}$/;

/** Exit codes of the script below, each a reason a person can act on. */
export const EXPORT_FAILURES: Record<number, string> = {
  10: "cannot be read by the sandbox user (check its permissions)",
  11: "is not a git repository",
  12: "is not the top folder of a git repository",
  13: "could not be read by git",
  14: "could not be bundled",
};

/**
 * Runs as `sh -c` inside the sandbox; the folder, the scratch folder and the
 * haves arrive as environment variables, never spliced into the script.
 * safe.directory is off in there (the sandbox's base environment): the folder belongs to
 * another uid inside the sandbox, which protects nothing.
 */
const SCRIPT = `
export HOME=/tmp GIT_CONFIG_NOSYSTEM=1 GIT_TERMINAL_PROMPT=0 LC_ALL=C
cd "$SRC" 2>/dev/null && ls -a . >/dev/null 2>&1 || exit 10
bare=$(git rev-parse --is-bare-repository 2>/dev/null) || exit 11
if [ "$bare" = true ]; then
  [ "$(cd "$(git rev-parse --git-dir)" && pwd -P)" = "$SRC" ] || exit 12
else
  [ "$(git rev-parse --show-toplevel)" = "$SRC" ] || exit 12
fi
git for-each-ref --format='%(objectname) %(refname)' refs/heads refs/tags > "$OUT/refs" || exit 13
printf '%s\n' $HAVES | git cat-file --batch-check='%(objectname) %(objecttype)' 2>/dev/null | awk '$2 == "commit" { print "^" $1 }' > "$OUT/haves"
[ -s "$OUT/refs" ] || exit 0
git bundle create "$OUT/source.bundle" --branches --tags --stdin < "$OUT/haves" 2> "$OUT/bundle.err" && exit 0
grep -q "empty bundle" "$OUT/bundle.err" && exit 0
cat "$OUT/bundle.err" >&2
exit 14
`;

export interface ExportedSource {
  refs: SourceRef[];
  /** null when the mirror already has every commit */
  bundle: string | null;
  /** remove the scratch folder once the bundle is applied */
  cleanup(): Promise<void>;
}

/** A folder that could not be read as a repository; the message completes "The folder … ". */
export class SourceExportError extends Error {
  constructor(
    readonly dir: string,
    readonly reason: string,
  ) {
    super(`${dir} ${reason}`);
    this.name = "SourceExportError";
  }
}

/**
 * Exports the repository at `dir` (an absolute, already-checked real path) for
 * a mirror that has `haves` already. Throws SandboxUnavailableError without
 * the sandbox: there is no host-side fallback.
 */
export async function exportSource(
  dir: string,
  haves: readonly string[],
  scratchParent: string,
  /** whose repository this is: the export counts against its concurrent sandboxes (H1) */
  workspaceId: string,
): Promise<ExportedSource> {
  await mkdir(scratchParent, { recursive: true });
  const out = path.join(scratchParent, `export-${randomUUID()}`);
  await mkdir(out, { mode: 0o700 });
  const cleanup = () => rm(out, { recursive: true, force: true });
  try {
    // The sandbox user writes the listing and the bundle here. Whoever the sandboxed process
    // is to the kernel (that user, or a root without capabilities), it may create files in
    // this folder but not list it; its name is random and its parent cannot be listed.
    await handToSandboxUser(out);
    await chmod(out, 0o733);
    const result = await runInSandbox({
      command: SCRIPT,
      worktree: out,
      workspaceId,
      posture: "read-write",
      readOnlyMounts: [dir],
      network: false,
      timeoutMs: EXPORT_TIMEOUT_MS,
      maxOutputBytes: 64 * 1024,
      env: { SRC: dir, OUT: out, HAVES: haves.filter((h) => SHA.test(h)).slice(0, MAX_HAVES).join(" ") },
    });
    if (result.exitCode !== 0) {
      const known = result.exitCode === null ? null : EXPORT_FAILURES[result.exitCode];
      const detail = result.timedOut ? `took longer than ${EXPORT_TIMEOUT_MS / 1000} s to read` : known ?? `could not be read (${result.stderr.trim().split("\n").slice(-2).join(" ") || `exit ${result.exitCode}`})`;
      throw new SourceExportError(dir, detail);
    }
    const refs = parseSourceRefs(await readFile(path.join(out, "refs"), "utf8").catch(() => ""));
    const bundle = path.join(out, "source.bundle");
    return { refs, bundle: existsSync(bundle) ? bundle : null, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

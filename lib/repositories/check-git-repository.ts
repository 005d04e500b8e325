import "server-only";
/**
 * Whether a server path is the top of a git repository (a working copy or a
 * bare repository). Runs `git rev-parse --git-dir` through execFile — an argv
 * array, never a shell — with git's search stopped at the given folder, so a
 * subfolder of some repository does not pass for a repository itself.
 */
import { execFile } from "node:child_process";
import { stat } from "node:fs/promises";
import path from "node:path";
import { AppError } from "../errors/app-error";

const TIMEOUT_MS = 10_000;

export async function checkGitRepository(dir: string): Promise<void> {
  const info = await stat(dir).catch(() => null);
  if (!info) throw new AppError("unprocessable", `No folder exists at ${dir} on the server.`);
  if (!info.isDirectory()) throw new AppError("unprocessable", `${dir} is a file, not a folder. Give the repository's folder.`);
  const { code, stderr } = await run(dir);
  if (code === 0) return;
  if (/dubious ownership/i.test(stderr)) {
    throw new AppError(
      "unprocessable",
      `git refuses to use ${dir}: it belongs to another user. Add it to git's safe.directory on the server, or register a clone owned by the server's user.`,
    );
  }
  if (code === "ENOENT") throw new AppError("unavailable", "git is not installed on the server, so repositories cannot be checked.");
  throw new AppError("unprocessable", `${dir} is not a git repository. Run \`git init\` there, or give the repository's top folder.`);
}

function run(dir: string): Promise<{ code: number | string; stderr: string }> {
  // Only what git needs; the server's own environment (secrets included) stays out.
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
    HOME: process.env.HOME ?? "/root",
    LANG: "C",
    LC_ALL: "C",
    GIT_TERMINAL_PROMPT: "0",
    GIT_CEILING_DIRECTORIES: path.dirname(dir),
  };
  // Repository config must not run programs while we merely look at it.
  const args = ["-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "-C", dir, "rev-parse", "--git-dir"];
  return new Promise((resolve) => {
    execFile(
      "git",
      args,
      { timeout: TIMEOUT_MS, maxBuffer: 64 * 1024, encoding: "utf8", env: env as NodeJS.ProcessEnv },
      (error, _stdout, stderr) => {
        if (!error) return resolve({ code: 0, stderr });
        const code = error.code;
        resolve({ code: typeof code === "string" || typeof code === "number" ? code : 1, stderr });
      },
    );
  });
}

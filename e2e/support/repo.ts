/** Git on the seeded demo repositories for e2e tests: find them through the API, and "push" to a branch without touching a working tree. */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { expect, type APIRequestContext } from "@playwright/test";

const run = promisify(execFile);
export const WS = "/api/workspaces/demo";
const COMMITTER = {
  GIT_AUTHOR_NAME: "E2E Pusher",
  GIT_AUTHOR_EMAIL: "e2e@gatehouse.dev",
  GIT_COMMITTER_NAME: "E2E Pusher",
  GIT_COMMITTER_EMAIL: "e2e@gatehouse.dev",
};

export async function git(cwd: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run("git", args, { cwd, env: { ...process.env, ...env } });
  return stdout.trim();
}

/** The repository's path on this machine (the e2e server runs here), from the repositories API. */
export async function repositoryPath(api: APIRequestContext, name: string): Promise<string> {
  const response = await api.get(`${WS}/repositories`);
  expect(response.status()).toBe(200);
  const repository = ((await response.json()).repositories as { name: string; path: string }[]).find((r) => r.name === name);
  expect(repository, `repository ${name} is seeded`).toBeTruthy();
  return repository!.path;
}

/**
 * "git push" without touching the repository's working tree or index: write
 * the files as blobs into a private index, make a commit on top of the branch
 * and move the branch only if it is still where it was.
 */
export async function commitToBranch(repo: string, branch: string, files: Record<string, string>, message: string): Promise<string> {
  const parent = await git(repo, ["rev-parse", `refs/heads/${branch}`]);
  const dir = await mkdtemp(join(tmpdir(), "gatehouse-e2e-push-"));
  const env = { ...COMMITTER, GIT_INDEX_FILE: join(dir, "index") };
  try {
    await git(repo, ["read-tree", parent], env);
    for (const [path, content] of Object.entries(files)) {
      const blobFile = join(dir, "blob");
      await writeFile(blobFile, content);
      const blob = await git(repo, ["hash-object", "-w", blobFile]);
      await git(repo, ["update-index", "--add", "--cacheinfo", `100644,${blob},${path}`], env);
    }
    const tree = await git(repo, ["write-tree"], env);
    const commit = await git(repo, ["commit-tree", tree, "-p", parent, "-m", message], env);
    await git(repo, ["update-ref", `refs/heads/${branch}`, commit, parent]);
    return commit;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A workspace of the test's own with a clone of a demo repository registered
 * in it. Tests that add agents on a real model (Anthropic, OpenAI-compatible)
 * need one: the review picker prefers such an agent over the built-in
 * reviewer, so one left in the shared demo workspace would review every other
 * test's pull requests with a model that is not there.
 */
export async function ownWorkspace(
  api: APIRequestContext,
  name: string,
  { repository = "invoice-kit", branches = [] }: { repository?: string; branches?: string[] } = {},
): Promise<{ slug: string; ws: string; repositoryId: string; path: string }> {
  const created = await api.post("/api/workspaces", { data: { name } });
  expect(created.status(), await created.text()).toBe(201);
  const slug = ((await created.json()) as { workspace: { slug: string } }).workspace.slug;
  const ws = `/api/workspaces/${slug}`;
  const source = await repositoryPath(api, repository);
  const path = join(dirname(source), `${slug}-${repository}`);
  await mkdir(path);
  await git(path, ["clone", "-q", source, "."]);
  // A clone has only the default branch locally; these are made from the source's before registering.
  for (const branch of branches) await git(path, ["branch", branch, `origin/${branch}`]);
  const registered = await api.post(`${ws}/repositories`, { data: { name: `${repository}-${slug}`, path } });
  expect(registered.status(), await registered.text()).toBe(201);
  return { slug, ws, repositoryId: ((await registered.json()) as { repository: { id: string } }).repository.id, path };
}

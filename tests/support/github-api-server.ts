/**
 * A real HTTP server speaking the part of GitHub's REST API that publishing
 * uses (R12): check runs (create, update, list for a ref) and pull-request
 * review comments (create, update, list), and GitHub App authentication —
 * an RS256 JWT verified against the app's public key (issuer, issued-at in
 * the past, at most ten minutes' life), the installation of a repository
 * (GET /repos/{owner}/{repo}/installation) and installation tokens
 * (POST /app/installations/{id}/access_tokens, with expires_at; an expired
 * one is refused). It checks what GitHub checks — the token in the
 * Authorization header (401), that the token may see the repository (404),
 * that only an app's installation token may write check runs (a personal
 * access token, ghp_/github_pat_, gets GitHub's 403), JSON bodies (400),
 * required fields, enums, known commits and diff lines (422) — answers with
 * GitHub's shapes and pagination links, and can be told to fail the next
 * calls (5xx, a secondary rate limit 403 with retry-after) to exercise
 * retries. Every request is recorded, and checked against GitHub's own OpenAPI
 * description (github-openapi.ts): one GitHub would refuse is answered 422,
 * kept in `invalid`, and makes `close()` fail, so no test passes with a
 * request GitHub would not accept. It also serves a pull request as it is now
 * (GET /repos/{owner}/{repo}/pulls/{pull_number}) for what a test says it is.
 */
import { createPublicKey, randomBytes, verify, type KeyObject } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { openApiProblems } from "./github-openapi";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  at: number;
}

export interface StoredCheckRun {
  id: number;
  repo: string;
  name: string;
  head_sha: string;
  status: string;
  conclusion: string | null;
  external_id: string | null;
  details_url: string | null;
  output: { title: string | null; summary: string | null; text: string | null };
  html_url: string;
}

export interface StoredComment {
  id: number;
  repo: string;
  pull_number: number;
  commit_id: string;
  path: string;
  line: number;
  start_line: number | null;
  side: string;
  body: string;
  html_url: string;
}

interface Planned {
  match: (method: string, path: string) => boolean;
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface GithubApi {
  /** the API base URL to configure (GATEHOUSE_GITHUB_API_URL) */
  url: string;
  hostPort: string;
  requests: RecordedRequest[];
  checkRuns: StoredCheckRun[];
  comments: StoredComment[];
  /** a repository `owner/name` the token may see */
  addRepository(fullName: string, token: string): void;
  addCommit(fullName: string, sha: string): void;
  /** the lines of the head side a review comment may be anchored to, per file */
  addPull(fullName: string, number: number, diff: Record<string, number[]>): void;
  /** the next `count` calls matching `match` get this answer instead */
  failNext(count: number, answer: { status: number; headers?: Record<string, string>; body?: unknown }, match?: (method: string, path: string) => boolean): void;
  /** where "next" pagination links point (default: this server) */
  setLinkBase(base: string | null): void;
  /** the GitHub App whose JWTs are accepted: its id and its public key (PEM) */
  configureApp(appId: string | number, publicKeyPem: string): void;
  /** installs the app on a repository; returns the installation id */
  installApp(fullName: string, installationId?: number): number;
  /** how long the next installation tokens live (GitHub: one hour) */
  setInstallationTokenLifetime(seconds: number): void;
  /** installation tokens handed out, oldest first */
  installationTokens: { token: string; installationId: number; expiresAt: Date }[];
  /** the app JWTs that verified, decoded (header, claims) */
  verifiedJwts: { header: Record<string, unknown>; claims: Record<string, unknown> }[];
  /** requests GitHub's OpenAPI description refuses, with why (close() fails when there are any) */
  invalid: { method: string; path: string; problems: string[] }[];
  /** what GET /repos/{owner}/{repo}/pulls/{n} answers (GitHub's pull request as it is now) */
  describePull(fullName: string, number: number, pull: DescribedPull): void;
  close(): Promise<void>;
}

/** The fields of a pull request GET /pulls/{n} answers with (the rest of GitHub's shape is filled in). */
export interface DescribedPull {
  title: string;
  state: "open" | "closed";
  merged?: boolean;
  updated_at: string;
  head: { ref: string; sha: string };
  base: { ref: string; sha: string };
}

const CONCLUSIONS = new Set(["action_required", "cancelled", "failure", "neutral", "success", "skipped", "stale", "timed_out"]);
const STATUSES = new Set(["queued", "in_progress", "completed", "waiting", "requested", "pending"]);

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const invalid = (message: string, field?: string) =>
  new HttpError(422, message, field ? { errors: [{ resource: "Request", code: "invalid", field }] } : {});

/** `port` 0 (the default) picks a free one; the end-to-end tests name theirs, since the app is configured before they run. */
export async function startGithubApi(options: { port?: number } = {}): Promise<GithubApi> {
  const requests: RecordedRequest[] = [];
  const checkRuns: StoredCheckRun[] = [];
  const comments: StoredComment[] = [];
  const tokens = new Map<string, string>(); // repo → token
  const commits = new Map<string, Set<string>>();
  const pulls = new Map<string, Record<string, number[]>>(); // "repo#n" → diff
  const planned: Planned[] = [];
  let nextId = 7_000_000_001;
  let linkBase: string | null = null;
  let app: { id: string; key: KeyObject } | null = null;
  const installations = new Map<string, number>(); // repo → installation id
  const installationTokens: GithubApi["installationTokens"] = [];
  const verifiedJwts: GithubApi["verifiedJwts"] = [];
  const invalidRequests: GithubApi["invalid"] = [];
  const described = new Map<string, DescribedPull>(); // "repo#n" → the pull request now
  let tokenLifetimeS = 3_600;

  /** GitHub's checks of an app JWT, with its messages. */
  function verifyJwt(jwt: string) {
    if (!app) throw new HttpError(401, "A JSON web token could not be decoded");
    const parts = jwt.split(".");
    if (parts.length !== 3) throw new HttpError(401, "A JSON web token could not be decoded");
    let header: Record<string, unknown>;
    let claims: Record<string, unknown>;
    try {
      header = JSON.parse(Buffer.from(parts[0]!, "base64url").toString("utf8"));
      claims = JSON.parse(Buffer.from(parts[1]!, "base64url").toString("utf8"));
    } catch {
      throw new HttpError(401, "A JSON web token could not be decoded");
    }
    if (header.alg !== "RS256") throw new HttpError(401, "A JSON web token could not be decoded");
    const valid = verify("RSA-SHA256", Buffer.from(`${parts[0]}.${parts[1]}`), app.key, Buffer.from(parts[2]!, "base64url"));
    if (!valid) throw new HttpError(401, "A JSON web token could not be decoded");
    const now = Math.floor(Date.now() / 1000);
    if (String(claims.iss) !== app.id) throw new HttpError(401, "'Issuer' claim ('iss') must be an Integer");
    if (!Number.isInteger(claims.iat) || (claims.iat as number) > now + 1) throw new HttpError(401, "'Issued at' claim ('iat') must be an Integer representing a time in the past.");
    if (!Number.isInteger(claims.exp) || (claims.exp as number) <= now) throw new HttpError(401, "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires.");
    if ((claims.exp as number) - (claims.iat as number) > 600) throw new HttpError(401, "'Expiration time' claim ('exp') is too far in the future.");
    verifiedJwts.push({ header, claims });
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://localhost");
      const method = req.method ?? "GET";
      let body: unknown = undefined;
      const recorded: RecordedRequest = { method, path: url.pathname + url.search, headers: req.headers, body: raw, at: Date.now() };
      requests.push(recorded);
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json; charset=utf-8", "x-github-request-id": `REQ-${requests.length}`, "x-ratelimit-remaining": "4999", ...headers });
        res.end(payload === undefined ? "" : JSON.stringify(payload));
      };
      try {
        if (raw) {
          if (!String(req.headers["content-type"] ?? "").startsWith("application/json")) throw new HttpError(415, "Unsupported 'Content-Type'");
          try {
            body = JSON.parse(raw);
          } catch {
            throw new HttpError(400, "Problems parsing JSON");
          }
          recorded.body = body;
        }
        // Every request, before anything else answers it: is it one GitHub's description allows?
        const problems = openApiProblems(method, url.pathname + url.search, body);
        if (problems.length > 0) {
          invalidRequests.push({ method, path: url.pathname + url.search, problems });
          throw new HttpError(422, `Invalid request.\n\n${problems.join("\n")}`);
        }
        const plan = planned.findIndex((p) => p.match(method, url.pathname));
        if (plan >= 0) {
          const [p] = planned.splice(plan, 1);
          return send(p!.status, p!.body ?? { message: "Server Error" }, p!.headers);
        }
        const auth = String(req.headers.authorization ?? "");
        const token = /^(?:token|bearer) (.+)$/i.exec(auth)?.[1];
        if (!token) throw new HttpError(401, "Requires authentication");
        if (!String(req.headers.accept ?? "").includes("json")) throw new HttpError(415, "Unsupported 'Accept' header");
        const b = (body ?? {}) as Record<string, unknown>;
        let m: RegExpExecArray | null;

        // GitHub App routes: the app's JWT, nothing else.
        if ((m = /^\/app\/installations\/(\d+)\/access_tokens$/.exec(url.pathname)) && method === "POST") {
          verifyJwt(token);
          const installationId = Number(m[1]);
          if (![...installations.values()].includes(installationId)) throw new HttpError(404, "Not Found");
          const issued = { token: `ghs_${randomBytes(18).toString("hex")}`, installationId, expiresAt: new Date(Math.floor(Date.now() / 1000 + tokenLifetimeS) * 1000) };
          installationTokens.push(issued);
          return send(201, {
            token: issued.token,
            expires_at: issued.expiresAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
            permissions: { checks: "write", pull_requests: "write", contents: "read", metadata: "read" },
            repository_selection: "selected",
          });
        }
        const route = /^\/repos\/([^/]+)\/([^/]+)\/(.*)$/.exec(url.pathname);
        if (!route) throw new HttpError(404, "Not Found");
        const repo = `${decodeURIComponent(route[1]!)}/${decodeURIComponent(route[2]!)}`;
        const rest = route[3]!;
        if (rest === "installation" && method === "GET") {
          verifyJwt(token);
          const installationId = installations.get(repo);
          if (installationId === undefined) throw new HttpError(404, "Not Found");
          return send(200, { id: installationId, app_id: Number(app!.id) || app!.id, target_type: "Organization", account: { login: route[1] }, permissions: { checks: "write", pull_requests: "write", contents: "read", metadata: "read" } });
        }

        const installed = installationTokens.find((t) => t.token === token);
        if (installed) {
          if (installed.expiresAt.getTime() <= Date.now()) throw new HttpError(401, "Bad credentials");
          if (installations.get(repo) !== installed.installationId) throw new HttpError(404, "Not Found");
        } else {
          if (![...tokens.values()].includes(token)) throw new HttpError(401, "Bad credentials");
          if (tokens.get(repo) !== token) throw new HttpError(404, "Not Found");
          // Only GitHub Apps may write check runs; GitHub answers a personal access token (classic or fine-grained) so.
          if (/^(?:ghp_|github_pat_)/.test(token) && /^check-runs(?:\/\d+)?$/.test(rest) && (method === "POST" || method === "PATCH")) {
            throw new HttpError(403, "Resource not accessible by personal access token");
          }
        }

        if (method === "POST" && rest === "check-runs") {
          if (typeof b.name !== "string" || !b.name) throw invalid("Invalid request.\n\n\"name\" wasn't supplied.", "name");
          if (typeof b.head_sha !== "string") throw invalid("Invalid request.\n\n\"head_sha\" wasn't supplied.", "head_sha");
          if (!commits.get(repo)?.has(b.head_sha)) throw invalid(`No commit found for SHA: ${b.head_sha}`);
          const run: StoredCheckRun = {
            id: nextId++,
            repo,
            name: b.name,
            head_sha: b.head_sha,
            status: "queued",
            conclusion: null,
            external_id: null,
            details_url: null,
            output: { title: null, summary: null, text: null },
            html_url: "",
          };
          run.html_url = `https://github.com/${repo}/runs/${run.id}`;
          applyCheckRun(run, b);
          checkRuns.push(run);
          return send(201, checkRunJson(run));
        }
        if ((m = /^check-runs\/(\d+)$/.exec(rest)) && method === "PATCH") {
          const run = checkRuns.find((r) => r.repo === repo && r.id === Number(m![1]));
          if (!run) throw new HttpError(404, "Not Found");
          if ("head_sha" in b) throw invalid("Invalid request.\n\n\"head_sha\" is not a permitted key.", "head_sha");
          const copy = structuredClone(run);
          applyCheckRun(copy, b);
          Object.assign(run, copy);
          return send(200, checkRunJson(run));
        }
        if ((m = /^commits\/([^/]+)\/check-runs$/.exec(rest)) && method === "GET") {
          const name = url.searchParams.get("check_name");
          const all = checkRuns.filter((r) => r.repo === repo && r.head_sha === m![1] && (!name || r.name === name));
          const { page, headers } = paginate(all, url);
          return send(200, { total_count: all.length, check_runs: page.map(checkRunJson) }, headers);
        }
        if ((m = /^pulls\/(\d+)$/.exec(rest)) && method === "GET") {
          const pull = described.get(`${repo}#${m[1]}`);
          if (!pull) throw new HttpError(404, "Not Found");
          return send(200, pullJson(repo, Number(m[1]), pull));
        }
        if ((m = /^pulls\/(\d+)\/comments$/.exec(rest))) {
          const number = Number(m[1]);
          const diff = pulls.get(`${repo}#${number}`);
          if (!diff) throw new HttpError(404, "Not Found");
          if (method === "GET") {
            const all = comments.filter((c) => c.repo === repo && c.pull_number === number);
            const { page, headers } = paginate(all, url);
            return send(200, page.map(commentJson), headers);
          }
          if (method === "POST") {
            for (const field of ["body", "commit_id", "path"]) if (typeof b[field] !== "string" || !b[field]) throw invalid(`Invalid request.\n\n"${field}" wasn't supplied.`, field);
            if (!Number.isInteger(b.line)) throw invalid("Invalid request.\n\n\"line\" wasn't supplied.", "line");
            if (b.side !== undefined && b.side !== "RIGHT" && b.side !== "LEFT") throw invalid("Invalid request.\n\nside is not included in the list", "side");
            if (b.start_line !== undefined && !(Number.isInteger(b.start_line) && (b.start_line as number) < (b.line as number))) {
              throw invalid("Invalid request.\n\nstart_line must precede the end line.", "start_line");
            }
            if (!commits.get(repo)?.has(b.commit_id as string)) throw invalid("Validation Failed", "commit_id");
            const lines = diff[b.path as string];
            const wanted = b.start_line !== undefined ? range(b.start_line as number, b.line as number) : [b.line as number];
            if (!lines || !wanted.every((line) => lines.includes(line))) throw invalid("Validation Failed: pull_request_review_thread.line must be part of the diff", "line");
            const comment: StoredComment = {
              id: nextId++,
              repo,
              pull_number: number,
              commit_id: b.commit_id as string,
              path: b.path as string,
              line: b.line as number,
              start_line: (b.start_line as number | undefined) ?? null,
              side: (b.side as string | undefined) ?? "RIGHT",
              body: b.body as string,
              html_url: "",
            };
            comment.html_url = `https://github.com/${repo}/pull/${number}#discussion_r${comment.id}`;
            comments.push(comment);
            return send(201, commentJson(comment));
          }
        }
        if ((m = /^pulls\/comments\/(\d+)$/.exec(rest)) && method === "PATCH") {
          const comment = comments.find((c) => c.repo === repo && c.id === Number(m![1]));
          if (!comment) throw new HttpError(404, "Not Found");
          if (typeof b.body !== "string" || !b.body) throw invalid("Invalid request.\n\n\"body\" wasn't supplied.", "body");
          comment.body = b.body;
          return send(200, commentJson(comment));
        }
        throw new HttpError(404, "Not Found");
      } catch (error) {
        if (error instanceof HttpError) {
          return send(error.status, { message: error.message, documentation_url: "https://docs.github.com/rest", status: String(error.status), ...error.extra });
        }
        return send(500, { message: "Server Error" });
      }
    });
  });

  function applyCheckRun(run: StoredCheckRun, b: Record<string, unknown>) {
    if (b.name !== undefined) {
      if (typeof b.name !== "string" || !b.name) throw invalid("Invalid request.\n\nname is empty", "name");
      run.name = b.name;
    }
    if (b.status !== undefined) {
      if (typeof b.status !== "string" || !STATUSES.has(b.status)) throw invalid(`Invalid request.\n\n${String(b.status)} is not a member of [queued, in_progress, completed]`, "status");
      run.status = b.status;
    }
    if (b.conclusion !== undefined) {
      if (typeof b.conclusion !== "string" || !CONCLUSIONS.has(b.conclusion)) throw invalid(`Invalid request.\n\n${String(b.conclusion)} is not a valid conclusion`, "conclusion");
      // GitHub completes a check run given a conclusion.
      run.conclusion = b.conclusion;
      run.status = "completed";
    }
    if (run.status === "completed" && !run.conclusion) throw invalid("Invalid request.\n\nconclusion wasn't supplied.", "conclusion");
    if (b.status !== undefined && b.status !== "completed" && b.conclusion === undefined) run.conclusion = null;
    if (b.details_url !== undefined) {
      if (typeof b.details_url !== "string" || !/^https?:\/\/[^\s]+$/.test(b.details_url)) throw invalid("Invalid request.\n\ndetails_url must be a URL", "details_url");
      run.details_url = b.details_url;
    }
    if (b.external_id !== undefined) run.external_id = String(b.external_id);
    if (b.output !== undefined) {
      const o = b.output as Record<string, unknown>;
      if (typeof o?.title !== "string" || typeof o.summary !== "string") throw invalid("Invalid request.\n\nFor 'properties/output', title and summary are required.", "output");
      if (o.summary.length > 65_535 || (typeof o.text === "string" && o.text.length > 65_535)) throw invalid("Invalid request.\n\nOnly 65535 characters are allowed.", "output");
      run.output = { title: o.title, summary: o.summary, text: typeof o.text === "string" ? o.text : null };
    }
  }

  function paginate<T>(all: T[], url: URL): { page: T[]; headers: Record<string, string> } {
    const perPage = Math.min(100, Number(url.searchParams.get("per_page")) || 30);
    const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
    const slice = all.slice((page - 1) * perPage, page * perPage);
    const headers: Record<string, string> = {};
    if (page * perPage < all.length) {
      const next = new URL(url.pathname + url.search, linkBase ?? base);
      next.searchParams.set("page", String(page + 1));
      headers.link = `<${next.toString()}>; rel="next"`;
    }
    return { page: slice, headers };
  }

  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    hostPort: `127.0.0.1:${port}`,
    requests,
    checkRuns,
    comments,
    addRepository: (fullName, token) => void tokens.set(fullName, token),
    addCommit: (fullName, sha) => void (commits.get(fullName) ?? commits.set(fullName, new Set()).get(fullName)!).add(sha),
    addPull: (fullName, number, diff) => void pulls.set(`${fullName}#${number}`, diff),
    failNext(count, answer, match = () => true) {
      for (let i = 0; i < count; i++) planned.push({ match, ...answer });
    },
    setLinkBase: (value) => void (linkBase = value),
    configureApp(appId, publicKeyPem) {
      app = { id: String(appId), key: createPublicKey(publicKeyPem) };
    },
    installApp(fullName, installationId) {
      const id = installationId ?? nextId++;
      installations.set(fullName, id);
      return id;
    },
    setInstallationTokenLifetime: (seconds) => void (tokenLifetimeS = seconds),
    installationTokens,
    verifiedJwts,
    invalid: invalidRequests,
    describePull: (fullName, number, pull) => void described.set(`${fullName}#${number}`, pull),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close(() => {
          if (invalidRequests.length === 0) return resolve();
          reject(new Error(`Gatehouse sent ${invalidRequests.length} request(s) GitHub's OpenAPI description refuses:\n${invalidRequests.map((i) => `${i.method} ${i.path}: ${i.problems.join("; ")}`).join("\n")}`));
        });
      }),
  };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

function checkRunJson(run: StoredCheckRun) {
  const { repo: _repo, ...rest } = run;
  return { ...rest, node_id: `CR_${run.id}`, app: { slug: "gatehouse" }, check_suite: { id: 1 }, pull_requests: [] };
}

function commentJson(comment: StoredComment) {
  const { repo: _repo, pull_number: _n, ...rest } = comment;
  return { ...rest, node_id: `PRRC_${comment.id}`, user: { login: "gatehouse[bot]" }, pull_request_review_id: 1 };
}

function pullJson(repo: string, number: number, pull: DescribedPull) {
  const [owner] = repo.split("/");
  return {
    id: 900_000 + number,
    number,
    node_id: `PR_${number}`,
    url: `https://api.github.com/repos/${repo}/pulls/${number}`,
    html_url: `https://github.com/${repo}/pull/${number}`,
    title: pull.title,
    state: pull.state,
    draft: false,
    merged: pull.merged ?? false,
    updated_at: pull.updated_at,
    head: { label: `${owner}:${pull.head.ref}`, ref: pull.head.ref, sha: pull.head.sha },
    base: { label: `${owner}:${pull.base.ref}`, ref: pull.base.ref, sha: pull.base.sha },
    user: { login: "octocat" },
  };
}

import "server-only";
/**
 * Issue 24: Gatehouse's own git server for room refs, git's smart HTTP
 * (`git http-backend`, git's CGI program) behind a Node http handler. One bare
 * repository per Gatehouse repository under `root`, made on first use with
 * Gatehouse's mirror config (no hooks); every request must carry that
 * repository's credentials (refs-remote.ts), and with them both fetch and
 * push are served. `npm run refs-server` runs it on its own; any host can be
 * the one that does, as long as every host reaches it.
 */
import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { ensureMirror } from "../repos/mirror";
import { checkRepositoryPassword, REFS_USER } from "./refs-remote";
import { relayCgiResponse } from "../repos/cgi-response";

/** `/<repositoryId>.git/<git's own path>` */
const PATH = /^\/([A-Za-z0-9_-]{1,64})\.git(\/(?:info\/refs|git-upload-pack|git-receive-pack))$/;

export interface RefsServer {
  origin: string;
  close(): Promise<void>;
}

export function refsRequestHandler(root: string, secret: string) {
  return (req: IncomingMessage, res: ServerResponse) => {
    void handle(root, secret, req, res).catch(() => {
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  };
}

export async function startRefsServer(options: { root: string; secret: string; port?: number; host?: string }): Promise<RefsServer> {
  const server: Server = createServer(refsRequestHandler(options.root, options.secret));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const { port, address } = server.address() as AddressInfo;
  return {
    origin: `http://${address.includes(":") ? `[${address}]` : address}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function refuse(res: ServerResponse, status: number, message: string) {
  res.statusCode = status;
  if (status === 401) res.setHeader("WWW-Authenticate", 'Basic realm="gatehouse refs"');
  res.setHeader("Content-Type", "text/plain");
  res.end(`${message}\n`);
}

function credentials(req: IncomingMessage): { user: string; password: string } | null {
  const header = req.headers.authorization ?? "";
  if (!header.startsWith("Basic ")) return null;
  const text = Buffer.from(header.slice(6), "base64").toString("utf8");
  const colon = text.indexOf(":");
  return colon < 0 ? null : { user: text.slice(0, colon), password: text.slice(colon + 1) };
}

async function handle(root: string, secret: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://localhost");
  const match = PATH.exec(url.pathname);
  if (!match) return refuse(res, 404, "no such repository");
  const [, repositoryId, rest] = match as unknown as [string, string, string];
  const given = credentials(req);
  // Git asks without credentials first; the 401 makes it send the ones in its URL.
  if (!given || given.user !== REFS_USER || !checkRepositoryPassword(secret, repositoryId, given.password)) {
    return refuse(res, 401, "these credentials do not open this repository");
  }
  const service = url.searchParams.get("service");
  if (rest === "/info/refs" && service !== "git-upload-pack" && service !== "git-receive-pack") return refuse(res, 403, "smart HTTP only");
  await ensureMirror(path.join(root, `${repositoryId}.git`));
  const env: Record<string, string> = {
    PATH: "/usr/local/bin:/usr/bin:/bin",
    HOME: "/dev/null",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_PROJECT_ROOT: root,
    GIT_HTTP_EXPORT_ALL: "1",
    // Set once the credentials checked out: http-backend then serves receive-pack too.
    REMOTE_USER: REFS_USER,
    GATEWAY_INTERFACE: "CGI/1.1",
    REQUEST_METHOD: req.method ?? "GET",
    PATH_INFO: `/${repositoryId}.git${rest}`,
    QUERY_STRING: url.search.replace(/^\?/, ""),
    CONTENT_TYPE: req.headers["content-type"] ?? "",
    REMOTE_ADDR: req.socket.remoteAddress ?? "",
    ...(req.headers["content-encoding"] ? { HTTP_CONTENT_ENCODING: String(req.headers["content-encoding"]) } : {}),
    ...(req.headers["git-protocol"] ? { GIT_PROTOCOL: String(req.headers["git-protocol"]) } : {}),
  };
  const child = spawn("git", ["-c", "core.hooksPath=/dev/null", "http-backend"], { env: env as NodeJS.ProcessEnv, stdio: ["pipe", "pipe", "ignore"] });
  req.pipe(child.stdin);
  child.on("error", () => refuse(res, 500, "git http-backend failed to start"));
  relayCgiResponse(child.stdout, res);
}

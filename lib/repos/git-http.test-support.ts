/**
 * Test support: a real git server over HTTP. A tiny Node http server on
 * 127.0.0.1 hands every request to `git http-backend` (git's own CGI program,
 * smart protocol), serving the bare repositories under one folder. Tests that
 * stand in for GitHub fetch from it exactly as the server fetches from a
 * forge; the operator setting GATEHOUSE_ALLOWED_GIT_HOSTS lets plain http to
 * this loopback address through, and nothing else.
 */
import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { relayCgiResponse } from "./cgi-response";

export interface GitHttpServer {
  /** e.g. http://127.0.0.1:40123 — append /<name>.git */
  origin: string;
  /** `127.0.0.1:<port>`, the entry GATEHOUSE_ALLOWED_GIT_HOSTS needs */
  hostPort: string;
  /** how many requests were served (a test can see a fetch really went over HTTP) */
  requests(): number;
  close(): Promise<void>;
}

export async function serveGitOverHttp(projectRoot: string): Promise<GitHttpServer> {
  let served = 0;
  const server = createServer((req, res) => {
    served += 1;
    handle(projectRoot, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    requests: () => served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function handle(projectRoot: string, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? "/", "http://localhost");
  const env: Record<string, string> = {
    PATH: "/usr/local/bin:/usr/bin:/bin",
    HOME: "/dev/null",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_PROJECT_ROOT: projectRoot,
    GIT_HTTP_EXPORT_ALL: "1",
    GATEWAY_INTERFACE: "CGI/1.1",
    REQUEST_METHOD: req.method ?? "GET",
    PATH_INFO: decodeURIComponent(url.pathname),
    QUERY_STRING: url.search.replace(/^\?/, ""),
    CONTENT_TYPE: req.headers["content-type"] ?? "",
    REMOTE_ADDR: "127.0.0.1",
    ...(req.headers["content-encoding"] ? { HTTP_CONTENT_ENCODING: String(req.headers["content-encoding"]) } : {}),
    ...(req.headers["git-protocol"] ? { GIT_PROTOCOL: String(req.headers["git-protocol"]) } : {}),
  };
  const child = spawn("git", ["http-backend"], { env: env as NodeJS.ProcessEnv, stdio: ["pipe", "pipe", "ignore"] });
  req.pipe(child.stdin);
  child.on("error", () => {
    res.statusCode = 500;
    res.end();
  });

  relayCgiResponse(child.stdout, res);
}

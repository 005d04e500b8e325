/**
 * H4: the forwarder that runs inside the sandbox in front of the Claude Code
 * CLI. The sandbox's network namespace has only its own loopback; this listens
 * there and carries each connection to the relay's unix socket, which the
 * server mounted in (model-relay.ts). Once it listens it starts the CLI with
 * the same stdin and stdout (the Agent SDK's stream), and ends with it.
 *
 * T5: the session's relay secret is the first line the server writes to its
 * stdin, before the SDK's stream. It reads exactly that line, then hands the
 * secret to the CLI through a pipe on the CLI's descriptor 3
 * (CLAUDE_CODE_API_KEY_FILE_DESCRIPTOR), which the CLI reads to its end once.
 * So the secret is in no environment, argument or file: the CLI's shell
 * inherits neither it nor anything it could read it from.
 *
 * Run by the server's own Node binary (`node -e`), so no program beyond what
 * Gatehouse already needs has to exist on the host. A constant script: its
 * arguments are the socket, the port, then the CLI's argv; nothing in it comes
 * from a model or a repository.
 */

/** The port inside the sandbox's own network namespace; nothing else listens there. */
export const RELAY_PORT_INSIDE = 8119;

export const RELAY_INSIDE_SCRIPT = `
const net = require("node:net");
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const [socketPath, port, command, ...args] = process.argv.slice(1);
const bytes = [];
const one = Buffer.alloc(1);
const pause = new Int32Array(new SharedArrayBuffer(4));
for (;;) {
  let n;
  try { n = fs.readSync(0, one, 0, 1, null); } catch (error) { if (error.code === "EAGAIN") { Atomics.wait(pause, 0, 0, 5); continue; } throw error; }
  if (n !== 1 || one[0] === 10) break;
  bytes.push(one[0]);
  if (bytes.length > 512) process.exit(124);
}
const secret = Buffer.from(bytes).toString("utf8");
let cli = null;
const server = net.createServer((inbound) => {
  const outbound = net.connect(socketPath);
  inbound.pipe(outbound).pipe(inbound);
  inbound.on("error", () => outbound.destroy());
  outbound.on("error", () => inbound.destroy());
});
server.on("error", (error) => { process.stderr.write("gatehouse relay: " + error.message + "\\n"); process.exit(125); });
server.listen(Number(port), "127.0.0.1", () => {
  cli = spawn(command, args, { stdio: ["inherit", "inherit", "inherit", "pipe"], env: { ...process.env, CLAUDE_CODE_API_KEY_FILE_DESCRIPTOR: "3" } });
  cli.stdio[3].end(secret + "\\n");
  cli.on("error", (error) => { process.stderr.write("gatehouse relay: " + error.message + "\\n"); process.exit(126); });
  cli.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
});
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => { if (cli) cli.kill(signal); else process.exit(1); });
`;

/**
 * H4: the forwarder that runs inside the sandbox in front of the Claude Code
 * CLI. The sandbox's network namespace has only its own loopback; this listens
 * there and carries each connection to the relay's unix socket, which the
 * server mounted in (model-relay.ts). Once it listens it starts the CLI with
 * the same stdin and stdout (the Agent SDK's stream), and ends with it.
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
const [socketPath, port, command, ...args] = process.argv.slice(1);
let cli = null;
const server = net.createServer((inbound) => {
  const outbound = net.connect(socketPath);
  inbound.pipe(outbound).pipe(inbound);
  inbound.on("error", () => outbound.destroy());
  outbound.on("error", () => inbound.destroy());
});
server.on("error", (error) => { process.stderr.write("gatehouse relay: " + error.message + "\\n"); process.exit(125); });
server.listen(Number(port), "127.0.0.1", () => {
  cli = spawn(command, args, { stdio: "inherit" });
  cli.on("error", (error) => { process.stderr.write("gatehouse relay: " + error.message + "\\n"); process.exit(126); });
  cli.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
});
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => { if (cli) cli.kill(signal); else process.exit(1); });
`;

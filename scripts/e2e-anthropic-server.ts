/**
 * E2E only: a local server speaking the Anthropic Messages API for Claude Code
 * agents in the Chromium tests (T4). Every conversation plays the same script:
 * the CLI tries to write a file, then answers. Prints its base URL as JSON on
 * the first line of stdout; stops with its parent.
 */
import { startAnthropicScriptServer } from "../lib/transports/claude-code/testing/anthropic-script-server";

const server = await startAnthropicScriptServer([
  { toolUses: [{ name: "Write", input: { file_path: "NOTES.md", content: "written from plan mode\n" } }] },
  { text: "The write was refused: this room is read-only." },
]);
process.stdout.write(`${JSON.stringify({ baseUrl: server.baseUrl })}\n`);
const stop = () => void server.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.stdin.on("end", stop);
process.stdin.resume();

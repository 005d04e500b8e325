/**
 * `git http-backend` is a CGI program: it prints header lines, a blank line,
 * then the body. This relays that to a Node response — the status header as
 * the status code, the other headers as headers, the rest streamed as it comes.
 */
import type { ServerResponse } from "node:http";
import type { Readable } from "node:stream";

export function relayCgiResponse(stdout: Readable, res: ServerResponse): void {
  let head = Buffer.alloc(0);
  let headersDone = false;
  stdout.on("data", (chunk: Buffer) => {
    if (headersDone) return void res.write(chunk);
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf("\r\n\r\n");
    if (end < 0) return;
    headersDone = true;
    for (const line of head.subarray(0, end).toString("latin1").split("\r\n")) {
      const colon = line.indexOf(":");
      if (colon < 0) continue;
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === "status") res.statusCode = Number(value.split(" ")[0]) || 500;
      else res.setHeader(name, value);
    }
    res.write(head.subarray(end + 4));
  });
  stdout.on("end", () => res.end());
}

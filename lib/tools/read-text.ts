/**
 * Read a confined file as text for a tool, refusing what a model cannot use:
 * directories, oversized files and binary content.
 */
import { readFile, stat } from "node:fs/promises";
import { looksBinary, MAX_READ_FILE_BYTES } from "./limits";
import type { ConfinedPath } from "./confine-path";
import { ToolError } from "./types";

export async function readText(file: ConfinedPath): Promise<string> {
  if (!file.exists) throw new ToolError(`file not found: ${file.relative}`);
  const info = await stat(file.target);
  if (info.isDirectory()) throw new ToolError(`${file.relative} is a directory; use list_dir to see its entries`);
  if (!info.isFile()) throw new ToolError(`${file.relative} is not a regular file`);
  if (info.size > MAX_READ_FILE_BYTES) {
    throw new ToolError(`${file.relative} is ${info.size} bytes, over the ${MAX_READ_FILE_BYTES}-byte limit; use grep to find what you need in it`);
  }
  const bytes = await readFile(file.target);
  if (looksBinary(bytes)) throw new ToolError(`${file.relative} looks like a binary file; only text files can be read`);
  return bytes.toString("utf8");
}

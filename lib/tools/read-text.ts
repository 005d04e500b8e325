/**
 * Read a resolved worktree file as text for a tool, refusing what a model
 * cannot use: directories, oversized files and binary content. The file is
 * opened as one entry of its open parent directory with O_NOFOLLOW (H2), and
 * every check runs on the opened file itself, so what is checked is what is read.
 */
import "server-only";
import type { Stats } from "node:fs";
import { open } from "node:fs/promises";
import { looksBinary, MAX_READ_FILE_BYTES } from "./limits";
import type { InWorktree } from "./resolve-in-worktree";
import { ToolError } from "./types";
import { entryPath, OPEN_FILE_READ } from "./worktree-dir";

export interface TextFile {
  text: string;
  /** of the file that was read: an edit keeps its owner and mode */
  info: Stats;
}

export async function readText(file: InWorktree): Promise<TextFile> {
  if (file.kind === "missing") throw new ToolError(`file not found: ${file.relative}`);
  if (file.kind === "directory") throw new ToolError(`${file.relative} is a directory; use list_dir to see its entries`);
  if (file.kind !== "file") throw new ToolError(`${file.relative} is not a regular file`);

  const handle = await open(entryPath(file.parent, file.name), OPEN_FILE_READ).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") throw new ToolError(`file not found: ${file.relative}`);
    // ELOOP: the file became a symbolic link after the walk looked at it.
    if (err.code === "ELOOP") throw new ToolError(`${file.relative} changed while it was being opened (it is now a symbolic link); try again`);
    throw new ToolError(`cannot open ${file.relative}: ${err.code ?? err.message}`);
  });
  try {
    const info = await handle.stat();
    if (info.isDirectory()) throw new ToolError(`${file.relative} is a directory; use list_dir to see its entries`);
    if (!info.isFile()) throw new ToolError(`${file.relative} is not a regular file`);
    if (info.size > MAX_READ_FILE_BYTES) {
      throw new ToolError(`${file.relative} is ${info.size} bytes, over the ${MAX_READ_FILE_BYTES}-byte limit; use grep to find what you need in it`);
    }
    const bytes = await handle.readFile();
    if (bytes.length > MAX_READ_FILE_BYTES) throw new ToolError(`${file.relative} grew past the ${MAX_READ_FILE_BYTES}-byte limit while it was read`);
    if (looksBinary(bytes)) throw new ToolError(`${file.relative} looks like a binary file; only text files can be read`);
    return { text: bytes.toString("utf8"), info };
  } finally {
    await handle.close();
  }
}

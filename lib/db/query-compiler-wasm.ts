/**
 * Prisma's generated client loads its WebAssembly query compiler by importing an ES module
 * whose one export is the binary in base64 (~4.6 MB of text). A module is never unloaded,
 * so that text stayed in the heap for the life of the process — twice, as the module's
 * source and as the string it exports — beside the compiled module it was only needed to
 * build. Here the same file is read as text, decoded and compiled, and the text is garbage
 * as soon as the module is compiled. Anything unexpected (the file not found where the
 * generated client's naming says, no quoted payload) falls back to Prisma's own loader.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { GetPrismaClientConfig } from "@prisma/client/runtime/client";

/** "./query_compiler_fast_bg.js" + "postgresql" → the package path of its base64 module. */
export function base64ModuleFor(importName: string, provider: string): string | null {
  const stem = /^\.\/(query_compiler_[a-z]+_bg)\.js$/.exec(importName)?.[1];
  return stem ? `@prisma/client/runtime/${stem}.${provider}.wasm-base64.mjs` : null;
}

/** The base64 payload of `const wasm = "…"; export { wasm }`, or null. */
export function base64Payload(source: string): string | null {
  const start = source.indexOf('"');
  const end = source.indexOf('"', start + 1);
  if (start < 0 || end < 0) return null;
  const payload = source.slice(start + 1, end);
  return /^[A-Za-z0-9+/]+=*$/.test(payload) ? payload : null;
}

/**
 * Where Node resolves the package from the project (the directory the server, the worker and
 * the tests run in). Taken through process.getBuiltinModule, not an import: the bundler
 * replaces a createRequire(…).resolve(variable) it cannot follow with a throw.
 */
function resolveFromProject(specifier: string): string {
  const { createRequire } = process.getBuiltinModule("node:module");
  return createRequire(join(process.cwd(), "package.json")).resolve(specifier);
}

async function compileFromFile(specifier: string): Promise<WebAssembly.Module | null> {
  let source: string;
  try {
    source = await readFile(resolveFromProject(specifier), "utf8");
  } catch {
    return null;
  }
  const payload = base64Payload(source);
  return payload ? new WebAssembly.Module(Buffer.from(payload, "base64")) : null;
}

/** For PrismaClient's `__internal.configOverride`: the query compiler compiled without keeping its base64 text. */
export function loadQueryCompilerFromFile(config: GetPrismaClientConfig): GetPrismaClientConfig {
  const loading = config.compilerWasm;
  const specifier = loading && base64ModuleFor(loading.importName, config.activeProvider);
  if (!loading || !specifier) return config;
  return {
    ...config,
    compilerWasm: {
      ...loading,
      async getQueryCompilerWasmModule() {
        return (await compileFromFile(specifier)) ?? loading.getQueryCompilerWasmModule();
      },
    },
  };
}

import { describe, expect, it } from "vitest";
import type { GetPrismaClientConfig } from "@prisma/client/runtime/client";
import { base64ModuleFor, base64Payload, loadQueryCompilerFromFile } from "./query-compiler-wasm";

const generated = (importName: string, fallback: () => Promise<unknown>) =>
  ({ activeProvider: "postgresql", compilerWasm: { importName, getRuntime: async () => ({}), getQueryCompilerWasmModule: fallback } }) as unknown as GetPrismaClientConfig;

describe("Prisma's query compiler loaded without keeping its base64 text", () => {
  it("names the base64 module the generated client imports", () => {
    expect(base64ModuleFor("./query_compiler_fast_bg.js", "postgresql")).toBe("@prisma/client/runtime/query_compiler_fast_bg.postgresql.wasm-base64.mjs");
    expect(base64ModuleFor("./something_else.js", "postgresql")).toBeNull();
  });

  it("reads only a plain base64 payload out of the module's text", () => {
    expect(base64Payload('const wasm = "AGFzbQ=="; export { wasm }')).toBe("AGFzbQ==");
    expect(base64Payload("export const wasm = fetch(url)")).toBeNull();
  });

  it("compiles the installed compiler from its file, and Prisma's own loader is not asked", async () => {
    let fellBack = false;
    const config = loadQueryCompilerFromFile(generated("./query_compiler_fast_bg.js", async () => (fellBack = true)));
    const compiled = await config.compilerWasm!.getQueryCompilerWasmModule();
    expect(compiled).toBeInstanceOf(WebAssembly.Module);
    expect(WebAssembly.Module.exports(compiled as WebAssembly.Module).length).toBeGreaterThan(0);
    expect(fellBack).toBe(false);
  });

  it("falls back to Prisma's loader when the file is not where the naming says", async () => {
    const config = loadQueryCompilerFromFile(generated("./query_compiler_nosuch_bg.js", async () => "prisma's own"));
    expect(await config.compilerWasm!.getQueryCompilerWasmModule()).toBe("prisma's own");
  });
});

import { describe, expect, it } from "vitest";
import { isEnvFile, isGeneratedPath, isLockfile, isScriptPath, isSourcePath, isTemplatePath, isTestPath } from "./classify-path";
import { blankStrings, codeOf, commentOf } from "./scan-lines";

describe("classify-path (offline reviewer false-positive guards)", () => {
  it("R11: recognises tests across ecosystems", () => {
    for (const p of ["src/a.test.ts", "src/a.spec.tsx", "__tests__/x.js", "tests/test_api.py", "pkg/x_test.go", "spec/models/user_spec.rb", "src/FooTest.java", "test/fixtures/key.pem", "e2e/login.ts", "conftest.py", "test.js", "index.test-d.ts", "types/api.test-d.tsx", "src/FooSpec.scala", "tests.py"]) {
      expect(isTestPath(p), p).toBe(true);
    }
    for (const p of ["src/latest.ts", "src/contest.py", "src/testing-utils.ts", "attestation/x.go"]) expect(isTestPath(p), p).toBe(false);
  });

  it("scripts, lockfiles, generated code, env files and templates", () => {
    expect(isScriptPath("scripts/seed.ts")).toBe(true);
    expect(isScriptPath("bin/cli.js")).toBe(true);
    expect(isScriptPath("src/cli.ts")).toBe(true);
    expect(isScriptPath("lib/tools/services.ts")).toBe(false);
    expect(isLockfile("web/package-lock.json")).toBe(true);
    expect(isGeneratedPath("dist/app.js")).toBe(true);
    expect(isGeneratedPath("public/app.min.js")).toBe(true);
    expect(isGeneratedPath("src/app.ts")).toBe(false);
    expect(isSourcePath("src/app.ts")).toBe(true);
    expect(isSourcePath("src/app.test.ts")).toBe(false);
    expect(isSourcePath("README.md")).toBe(false);
    expect(isEnvFile(".env")).toBe(true);
    expect(isEnvFile("apps/web/.env.production")).toBe(true);
    expect(isEnvFile(".env.example")).toBe(false);
    expect(isEnvFile("src/env.ts")).toBe(false);
    expect(isTemplatePath("config.sample.yml")).toBe(true);
  });

  it("comments are found after blanking strings and URLs", () => {
    expect(commentOf("a.ts", 'const u = "http://x.org"; // TODO later')).toBe("// TODO later");
    expect(commentOf("a.ts", 'const s = "// not a comment";')).toBeNull();
    expect(commentOf("a.ts", "fetch(https://cdn.example.com/lib.js)")).toBeNull();
    expect(commentOf("a.py", "x = 1  # FIXME")).toBe("# FIXME");
    expect(commentOf("a.ts", "const c = '#fff';")).toBeNull();
    expect(commentOf("a.ts", "  * TODO in a block comment")).toBe("* TODO in a block comment");
    expect(commentOf("a.sql", "select 1 -- XXX")).toBe("-- XXX");
    expect(commentOf("Makefile", "# TODO")).toBe("# TODO");
    expect(commentOf("weird.unknownext", "// TODO")).toBe("// TODO");
  });

  it("code parts have strings blanked and trailing comments cut", () => {
    expect(blankStrings('log("a \\" b", \'c\')')).toBe("log(\"\", '')");
    expect(codeOf("a.ts", 'x(); // console.log("y")')).toBe("x(); ");
  });
});

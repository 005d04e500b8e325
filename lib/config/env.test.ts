import { afterEach, describe, expect, it, vi } from "vitest";
import { env, EnvError } from "./env";

afterEach(() => vi.unstubAllEnvs());

describe("the validated environment", () => {
  it("applies defaults when nothing is set", () => {
    vi.stubEnv("GATEHOUSE_WORKER_CONCURRENCY", "");
    vi.stubEnv("GATEHOUSE_SANDBOX_NETWORK", undefined);
    expect(env().GATEHOUSE_WORKER_CONCURRENCY).toBe(4);
    expect(env().GATEHOUSE_SANDBOX_NETWORK).toBe("none");
  });

  it("names every bad variable at once", () => {
    vi.stubEnv("GATEHOUSE_WORKER_CONCURRENCY", "lots");
    vi.stubEnv("GATEHOUSE_WORKER", "maybe");
    let error: unknown;
    try {
      env();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as Error).message).toMatch(/GATEHOUSE_WORKER_CONCURRENCY: must be a whole number/);
    expect((error as Error).message).toMatch(/GATEHOUSE_WORKER: must be on or off/);
  });

  it("sees a change to a variable without a restart", () => {
    vi.stubEnv("GATEHOUSE_REPOSITORY_ROOTS", "/srv/a:/srv/b");
    expect(env().GATEHOUSE_REPOSITORY_ROOTS).toEqual(["/srv/a", "/srv/b"]);
    vi.stubEnv("GATEHOUSE_REPOSITORY_ROOTS", "/srv/c");
    expect(env().GATEHOUSE_REPOSITORY_ROOTS).toEqual(["/srv/c"]);
  });

  it("H4: the provider endpoints default to the public APIs, and model host rules are checked entry by entry", () => {
    vi.stubEnv("OPENAI_BASE_URL", undefined);
    vi.stubEnv("ANTHROPIC_BASE_URL", "http://localhost:8080/anthropic/v1/");
    vi.stubEnv("GATEHOUSE_ALLOWED_MODEL_HOSTS", " localhost:11434 , 10.0.0.5,[::1]:8000 ");
    expect(env()).toMatchObject({
      OPENAI_BASE_URL: "https://api.openai.com/v1",
      ANTHROPIC_BASE_URL: "http://localhost:8080/anthropic/v1",
      GATEHOUSE_ALLOWED_MODEL_HOSTS: ["localhost:11434", "10.0.0.5", "[::1]:8000"],
    });
    vi.stubEnv("GATEHOUSE_ALLOWED_MODEL_HOSTS", "localhost:11434,http://evil/,*");
    vi.stubEnv("OPENAI_BASE_URL", "ftp://files");
    expect(() => env()).toThrow(/GATEHOUSE_ALLOWED_MODEL_HOSTS: "http:\/\/evil\/" is not host or host:port/);
    expect(() => env()).toThrow(/GATEHOUSE_ALLOWED_MODEL_HOSTS: "\*" is not host or host:port/);
    expect(() => env()).toThrow(/OPENAI_BASE_URL: must be an http\(s\) URL/);
  });
});

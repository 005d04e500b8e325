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
});

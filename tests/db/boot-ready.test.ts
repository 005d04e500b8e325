/**
 * In development register() does not wait for the boot (database, demo seed),
 * so the first page compiles beside it; a password sign-in made before the
 * seed has finished waits for it instead of failing as a wrong password.
 */
import { afterEach, describe, expect, it } from "vitest";
import { authOptions, SIGN_IN_ERRORS } from "../../server/auth-options";
import { recordBoot } from "../../server/boot-ready";
import { testDatabase } from "../support/db";
import { createUser, uid } from "../support/factories";

type Authorize = (raw: Record<string, string>, req: { headers: Record<string, string> }) => Promise<{ email?: string | null } | null>;

function passwordSignIn(): Authorize {
  const provider = authOptions().providers.find((p) => p.id === "credentials") as unknown as { options: { authorize: Authorize } };
  return provider.options.authorize;
}

afterEach(() => recordBoot(Promise.resolve()));

describe("sign-in beside the boot", () => {
  it("H5: a password sign-in made while the boot is still seeding its user waits for the seed and signs in", async () => {
    const { prisma } = await testDatabase();
    const name = `booting-${uid()}`;
    let seed!: () => void;
    const seeded = new Promise<void>((resolve) => (seed = resolve)).then(() => createUser(prisma, name));
    recordBoot(seeded);

    let settled = false;
    const signingIn = passwordSignIn()({ email: `${name}@test.local`, password: "correct horse battery" }, { headers: {} }).finally(() => (settled = true));
    await new Promise((r) => setTimeout(r, 200));
    expect(settled).toBe(false);
    seed();
    expect(await signingIn).toMatchObject({ email: `${name}@test.local` });
  });

  it("H5, H4: when the boot failed, a sign-in fails at once with a fixed code, and the boot's own words (which can name the database) never reach the sign-in URL", async () => {
    const failed = Promise.reject(new Error("the database postgresql://gatehouse:s3cret@db.internal did not open"));
    failed.catch(() => undefined);
    recordBoot(failed);
    const attempt = passwordSignIn()({ email: "someone@test.local", password: "x" }, { headers: {} });
    await expect(attempt).rejects.toThrow(new Error(SIGN_IN_ERRORS.unavailable));
    await expect(attempt).rejects.not.toThrow(/s3cret|db\.internal/);
  });
});

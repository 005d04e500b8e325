import { describe, expect, it } from "vitest";
import { verifyPassword } from "../../lib/auth/password";
import { signUp, signUpBody } from "../../lib/auth/sign-up";
import { AppError } from "../../lib/errors/app-error";
import { testDatabase } from "../support/db";

describe("sign-up", () => {
  it("stores the password only as a scrypt hash that verifies", async () => {
    const { prisma } = await testDatabase();
    const user = await signUp(prisma, { email: "ada@example.com", name: "Ada", password: "correct horse" });
    const row = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain("correct horse");
    expect(await verifyPassword("correct horse", row.passwordHash!)).toBe(true);
    expect(await verifyPassword("wrong horse", row.passwordHash!)).toBe(false);
    expect(user).toEqual({ id: row.id, email: "ada@example.com", name: "Ada" });
  });

  it("lower-cases and trims the email", async () => {
    const { prisma } = await testDatabase();
    const user = await signUp(prisma, { email: "  Grace@Example.COM ", name: "Grace", password: "12345678" });
    expect(user.email).toBe("grace@example.com");
  });

  it("refuses a second account for the same email, whatever its case, as a conflict", async () => {
    const { prisma } = await testDatabase();
    await signUp(prisma, { email: "linus@example.com", name: "Linus", password: "password-1" });
    const error = await signUp(prisma, { email: "LINUS@example.com", name: "Other", password: "password-2" }).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe("conflict");
    expect(error.message).toMatch(/already exists.*sign in/i);
    expect(await prisma.user.count({ where: { email: "linus@example.com" } })).toBe(1);
  });

  it("gives concurrent sign-ups for one email one account and one conflict", async () => {
    const { prisma } = await testDatabase();
    const results = await Promise.allSettled(
      [1, 2, 3].map((n) => signUp(prisma, { email: "race@example.com", name: `Racer ${n}`, password: "password-x" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "conflict" });
    }
  });

  it("asks for a password of at least 8 characters and a valid email", () => {
    const result = signUpBody.safeParse({ email: "not-an-email", name: "", password: "short" });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["email", "name", "password"]));
    expect(result.error!.issues.find((i) => i.path[0] === "password")!.message).toMatch(/at least 8/);
  });
});

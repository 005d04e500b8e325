import { describe, expect, it } from "vitest";
import { verifyPassword } from "../../lib/auth/password";
import { signUp, signUpBody } from "../../lib/auth/sign-up";
import { testDatabase } from "../support/db";

describe("sign-up", () => {
  it("stores the password only as a scrypt hash that verifies", async () => {
    const { prisma } = await testDatabase();
    expect(await signUp(prisma, { email: "ada@example.com", name: "Ada", password: "correct horse" })).toEqual({ created: true });
    const row = await prisma.user.findUniqueOrThrow({ where: { email: "ada@example.com" } });
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain("correct horse");
    expect(await verifyPassword("correct horse", row.passwordHash!)).toBe(true);
    expect(await verifyPassword("wrong horse", row.passwordHash!)).toBe(false);
    expect(row.name).toBe("Ada");
  });

  it("lower-cases and trims the email", async () => {
    const { prisma } = await testDatabase();
    await signUp(prisma, { email: "  Grace@Example.COM ", name: "Grace", password: "12345678" });
    expect(await prisma.user.count({ where: { email: "grace@example.com" } })).toBe(1);
  });

  it("H5: a second sign-up for an existing email, whatever its case, leaves the account untouched", async () => {
    const { prisma } = await testDatabase();
    await signUp(prisma, { email: "linus@example.com", name: "Linus", password: "password-1" });
    const before = await prisma.user.findUniqueOrThrow({ where: { email: "linus@example.com" } });
    expect(await signUp(prisma, { email: "LINUS@example.com", name: "Other", password: "password-2" })).toEqual({ created: false });
    const after = await prisma.user.findUniqueOrThrow({ where: { email: "linus@example.com" } });
    expect(after).toEqual(before);
    expect(await verifyPassword("password-1", after.passwordHash!)).toBe(true);
    expect(await prisma.user.count({ where: { email: "linus@example.com" } })).toBe(1);
  });

  it("gives concurrent sign-ups for one email exactly one account, and none of them fails", async () => {
    const { prisma } = await testDatabase();
    const results = await Promise.all([1, 2, 3].map((n) => signUp(prisma, { email: "race@example.com", name: `Racer ${n}`, password: "password-x" })));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await prisma.user.count({ where: { email: "race@example.com" } })).toBe(1);
  });

  it("asks for a password of at least 8 characters and a valid email", () => {
    const result = signUpBody.safeParse({ email: "not-an-email", name: "", password: "short" });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["email", "name", "password"]));
    expect(result.error!.issues.find((i) => i.path[0] === "password")!.message).toMatch(/at least 8/);
  });
});

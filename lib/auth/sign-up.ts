import "server-only";
/**
 * Creating an account with email and password. The email is the identity
 * (lower-cased, so "Ada@Example.com" and "ada@example.com" are one person);
 * the password is stored only as a scrypt hash.
 *
 * H5: sign-up does not reveal whether an address already has an account. The
 * answer is the same either way, and so is the work: the password is hashed
 * whether or not an account is created, and an existing account is left
 * untouched. (Whoever owns the address signs in with their own password; the
 * sign-in that follows is rate-limited like any other.)
 */
import { z } from "zod";
import type { PrismaClient } from "../db/generated/client";
import { hashPassword } from "./password";

export const PASSWORD_MIN_LENGTH = 8;

export const signUpBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email({ message: "Enter a valid email address." })),
  name: z.string().trim().min(1, "Enter your name.").max(100, "Use at most 100 characters."),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
    // scrypt hashes any length, but an unbounded body is a cheap way to burn CPU.
    .max(200, "Use at most 200 characters."),
});

export type SignUpBody = z.infer<typeof signUpBody>;

/** What the caller learns — the same for a new and an existing address. */
export const SIGN_UP_ANSWER = {
  ok: true,
  detail: "If this email address was new, its account is ready: sign in with the password you chose.",
} as const;

/** Creates the account if the address is new; `created` is for the server's own use, never for the response. */
export async function signUp(prisma: PrismaClient, input: SignUpBody): Promise<{ created: boolean }> {
  const { email, name, password } = signUpBody.parse(input);
  // Hash first, unconditionally: the time taken must not depend on whether the address is known.
  const passwordHash = await hashPassword(password);
  // skipDuplicates (ON CONFLICT DO NOTHING): an existing account, or a concurrent sign-up for the same address, is left as it is.
  const inserted = await prisma.user.createMany({ data: [{ email, name, passwordHash }], skipDuplicates: true });
  return { created: inserted.count === 1 };
}

import "server-only";
/**
 * Creating an account with email and password. The email is the identity
 * (lower-cased, so "Ada@Example.com" and "ada@example.com" are one person);
 * the password is stored only as a scrypt hash.
 */
import { z } from "zod";
import type { Prisma } from "../db/client";
import { AppError } from "../errors/app-error";
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

/** What the browser learns about a new account. */
export interface SignedUpUser {
  id: string;
  email: string;
  name: string;
}

const DUPLICATE = "An account with this email already exists. Sign in instead.";

export async function signUp(prisma: Prisma, input: SignUpBody): Promise<SignedUpUser> {
  const { email, name, password } = signUpBody.parse(input);
  if (await prisma.user.findUnique({ where: { email }, select: { id: true } })) {
    throw new AppError("conflict", DUPLICATE);
  }
  const passwordHash = await hashPassword(password);
  try {
    return await prisma.user.create({
      data: { email, name, passwordHash },
      select: { id: true, email: true, name: true },
    });
  } catch (error) {
    // Two sign-ups for one email at once: the unique index decides, the loser gets the same answer.
    if ((error as { code?: string }).code === "P2002") throw new AppError("conflict", DUPLICATE);
    throw error;
  }
}

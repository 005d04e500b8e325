/**
 * The address a sign-up or sign-in form starts with, from `?email=` (an
 * invite bound to an address links there with it). Only something shaped
 * like an email address is used; anything else starts the form empty.
 */
import { z } from "zod";

const email = z.email().max(254);

export function prefillEmail(value: string | string[] | null | undefined): string {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim() ?? "";
  return email.safeParse(raw).success ? raw.toLowerCase() : "";
}

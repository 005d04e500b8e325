import type { Role } from "@/lib/auth/permissions";

/** Tells non-admins why there is nothing to change here. */
export function ReadOnlyNote({ role, what }: Readonly<{ role: Role; what: string }>) {
  return (
    <p className="rounded-md bg-zinc-100 px-3 py-2 text-sm text-zinc-700 dark:bg-zinc-800/70 dark:text-zinc-300">
      You are {role === "admin" || role === "owner" ? "an" : "a"} {role} here, so you can see {what} but not change them. Admins and owners manage them.
    </p>
  );
}

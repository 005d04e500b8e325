import "server-only";
/**
 * Whether this process has opened its database and seeded the demo yet. In
 * development register() does not wait for that boot, so the first page
 * compiles while it runs; what needs the seeded demo (a password sign-in)
 * waits here instead. Kept on globalThis: instrumentation and each route are
 * bundled apart, each with its own copy of this module.
 */
const slot = globalThis as unknown as { gatehouseBoot?: Promise<unknown> };

export function recordBoot(boot: Promise<unknown>): void {
  slot.gatehouseBoot = boot;
}

/** Resolves once the boot has finished (at once when none is recorded); rejects as the boot did. */
export async function bootFinished(): Promise<void> {
  await slot.gatehouseBoot;
}

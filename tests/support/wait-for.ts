/**
 * Polls until `probe` answers something truthy and returns it, or fails naming
 * what never happened. Generous by default: these tests share two cores with
 * other work, and a deadline here only bounds how long a real failure takes.
 */
export async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 240_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

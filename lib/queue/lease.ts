/** Job lease length; a worker that stops renewing (it crashed) loses its jobs after this. */
export function leaseMs(): number {
  const value = Number(process.env.GATEHOUSE_LEASE_MS ?? 30_000);
  return Number.isFinite(value) && value >= 1_000 ? value : 30_000;
}

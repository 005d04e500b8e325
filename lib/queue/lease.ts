import { env } from "../config/env";

/** Job lease length; a worker that stops renewing (it crashed) loses its jobs after this. */
export function leaseMs(): number {
  return env().GATEHOUSE_LEASE_MS;
}

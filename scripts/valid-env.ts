/**
 * The environment of a command-line process, checked: on a bad variable the
 * process says which and how to fix it, and exits with status 2.
 */
import { assertValidEnv, EnvError, type Env } from "../lib/config/env";

export function validEnvOrExit(): Env {
  try {
    return assertValidEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

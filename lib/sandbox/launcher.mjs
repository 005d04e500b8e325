// @ts-check
/**
 * The process launcher: a small Node process that starts the app's bounded
 * children (git, bwrap) on its behalf. Forking copies the parent's page
 * tables, so a spawn from the app — a Node process of a few hundred MB — cost
 * ~12 ms of CPU and ~60 ms of wall time on a busy machine, against ~1.6 / 5 ms
 * from this one (measured side by side). It runs the same spawnCappedWith as
 * the app would; it decides nothing (what to run, with which environment and
 * mounts, is the app's, message by message).
 *
 * Descriptors the app hands a child (bwrap's --bind-fd sources, a pack read
 * as stdin) are opened again here through /proc/<app>/fd/<n>: that names the
 * very file or directory the app has open, not a path resolved again, so the
 * app's link-by-link opening (H2) still decides what is mounted. The app keeps
 * them open until the child's result arrives.
 *
 * Protocol (IPC, advanced serialization): {type:"spawn", id, file, args, options}
 * and {type:"kill", id} in; {type:"done", id, result} or {type:"failed", id, error} out.
 * It ends with the app: when the IPC channel closes, every running child's group is killed.
 */
import { spawn } from "node:child_process";
import { closeSync, constants, openSync } from "node:fs";
import { spawnCappedWith } from "./spawn-capped-core.mjs";

const app = process.ppid;
/** @type {Map<number, AbortController>} */
const running = new Map();

/** @param {number} fd @param {number} flags */
const reopen = (fd, flags) => openSync(`/proc/${app}/fd/${fd}`, flags);

/** @param {unknown} message */
const send = (message) => {
  if (process.connected) process.send?.(message);
};

process.on("message", (/** @type {any} */ message) => {
  if (message?.type === "kill") {
    running.get(message.id)?.abort();
    return;
  }
  if (message?.type !== "spawn") return;
  const { id, file, args, options } = message;
  const controller = new AbortController();
  running.set(id, controller);
  /** @type {number[]} */
  const opened = [];
  /** @type {Promise<unknown>} */
  let result;
  try {
    // The same flags the app opened them with (open-mount-sources.ts), without O_NOFOLLOW: the /proc link is the file itself.
    const inputFd = options.inputFd === undefined ? undefined : reopen(options.inputFd, constants.O_RDONLY);
    if (inputFd !== undefined) opened.push(inputFd);
    const extraFds = (options.extraFds ?? []).map((/** @type {number} */ fd) => {
      const mine = reopen(fd, constants.O_RDONLY | constants.O_NONBLOCK);
      opened.push(mine);
      return mine;
    });
    result = spawnCappedWith(spawn, file, args, { ...options, inputFd, extraFds, signal: controller.signal });
  } catch (error) {
    result = Promise.reject(error);
  }
  // The child holds its copies from the spawn on (made synchronously inside it).
  for (const fd of opened) closeSync(fd);
  result.then(
    (value) => send({ type: "done", id, result: value }),
    (/** @type {any} */ error) => send({ type: "failed", id, error: { message: String(error?.message ?? error), code: error?.code } }),
  ).finally(() => {
    running.delete(id);
    if (running.size === 0) collectSoon();
  });
});

/** Once nothing runs for a moment, the output that passed through is collected, so an idle launcher stays small. */
let collecting = /** @type {NodeJS.Timeout | null} */ (null);
function collectSoon() {
  if (collecting) clearTimeout(collecting);
  collecting = setTimeout(() => {
    collecting = null;
    if (running.size === 0) globalThis.gc?.();
  }, 500);
  collecting.unref();
}

process.on("disconnect", () => {
  for (const controller of running.values()) controller.abort();
  process.exit(0);
});

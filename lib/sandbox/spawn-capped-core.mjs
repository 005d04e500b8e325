// @ts-check
/**
 * The bounded spawn itself: one program with an argv array (never a shell), a
 * wall-clock timeout and an output budget, its process group killed when it
 * ends. Plain JavaScript so that two places run this one source: the app
 * (spawn-capped.ts, when no launcher is running) and the small launcher
 * process (launcher.mjs) that starts children on the app's behalf, since a
 * fork of a large Node process costs ~10× one of a small one.
 *
 * Once the budget is spent we keep draining (so the child is not blocked on a
 * full pipe and can finish its work), but a child that floods far past the
 * budget is only burning CPU for nobody, so it is stopped.
 */
const FLOOD_FACTOR = 16;
const FLOOD_FLOOR_BYTES = 16 * 1024 * 1024;

/**
 * @param {typeof import("node:child_process").spawn} spawn
 * @param {string} file
 * @param {readonly string[]} args
 * @param {import("./spawn-capped-core.mjs").CoreOptions} options
 * @returns {Promise<import("./spawn-capped-core.mjs").SpawnCappedResult>}
 */
export function spawnCappedWith(spawn, file, args, options) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    // detached: the child leads its own process group, so one kill reaches
    // everything it started (kill(-pgid)), not just the direct child.
    const child = spawn(file, [...args], {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      shell: false,
      stdio: [options.inputFd ?? "pipe", "pipe", "pipe", ...(options.extraFds ?? [])],
      windowsHide: true,
    });
    // Pipes (the stdio entries above, stdin unless a file is handed over); the extra descriptors widen the type only.
    const stdin = child.stdin;
    const stdout = /** @type {import("node:stream").Readable} */ (child.stdout);
    const stderr = /** @type {import("node:stream").Readable} */ (child.stderr);

    /** @type {{ stdout: Buffer[]; stderr: Buffer[] }} */
    const kept = { stdout: [], stderr: [] };
    let keptBytes = 0;
    let seenBytes = 0;
    let truncated = false;
    let timedOut = false;
    let aborted = false;
    let settled = false;
    const floodLimit = Math.max(options.maxOutputBytes * FLOOD_FACTOR, FLOOD_FLOOR_BYTES);

    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // the group is already gone
      }
    };

    /** @param {"stdout" | "stderr"} which */
    const collect = (which) => (/** @type {Buffer} */ chunk) => {
      seenBytes += chunk.length;
      const room = options.maxOutputBytes - keptBytes;
      if (room > 0) {
        const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
        kept[which].push(part);
        keptBytes += part.length;
      }
      if (chunk.length > room) truncated = true;
      if (seenBytes > floodLimit) killGroup();
    };
    stdout.on("data", collect("stdout"));
    stderr.on("data", collect("stderr"));

    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, options.timeoutMs);

    const onAbort = () => {
      aborted = true;
      killGroup();
    };
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener("abort", onAbort, { once: true });

    const finish = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
    };

    // A grandchild that kept stdout open would hold "close" back until the
    // timeout; once the direct child is done, its group goes with it.
    child.on("exit", killGroup);

    child.on("error", (err) => {
      if (settled) return;
      settled = true;
      finish();
      reject(err);
    });

    // "close" (not "exit"): all output has been read by then.
    child.on("close", (code, signal) => {
      if (settled) return;
      settled = true;
      finish();
      resolve({
        exitCode: code,
        signal,
        stdout: Buffer.concat(kept.stdout).toString("utf8"),
        stderr: Buffer.concat(kept.stderr).toString("utf8"),
        timedOut,
        aborted,
        truncated,
        durationMs: Date.now() - started,
      });
    });

    // EPIPE when the child never reads stdin is not an error worth failing on.
    stdin?.on("error", () => {});
    stdin?.end(options.input ?? "");
  });
}

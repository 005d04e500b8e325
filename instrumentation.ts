// Next.js calls register() once when a server process starts.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startRuntime } = await import("./server/start-runtime");
  const started = startRuntime();
  // In development the first page compiles while the database opens and the demo seeds
  // (a password sign-in waits for them: server/boot-ready.ts); a production server
  // answers once its boot is done.
  if (process.env.NODE_ENV === "development") {
    started.catch((error: Error) => console.error(`[gatehouse] the server did not start: ${error.message}`));
    return;
  }
  await started;
}

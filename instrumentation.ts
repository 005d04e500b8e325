// Next.js calls register() once when a server process starts.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startRuntime } = await import("./server/start-runtime");
  await startRuntime();
}

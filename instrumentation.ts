// Next.js start hook: the Node.js server runs server/start-hook.ts (configuration, database and
// migrations, background jobs) before the first request.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startServer } = await import("./server/start-hook");
    await startServer();
  }
}

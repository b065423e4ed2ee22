// Refuses to run the browser suite against a database that is not on this machine.
export function assertLocalDatabase(url: string): void {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    throw new Error("DATABASE_URL is not a URL; refusing to run e2e tests");
  }
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host)) {
    throw new Error(`Refusing to run e2e tests against a non-local database (${host})`);
  }
}

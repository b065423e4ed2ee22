// Serves endpoint definitions through the production route wrapper (`route()` from server/http/handler.ts)
// on a real node:http server on loopback, with the same bridge the production server uses for /api
// (server/http/node-bridge.ts). Used to test the wrapper itself with endpoints made by the test; the app's
// own routes are tested against the running server (tests/support/app.ts).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { AnyEndpoint } from "../../server/http/endpoint";
import { apiDispatcher } from "../../server/http/node-bridge";

/**
 * Boots the service in this process with `env` added to the environment (its database: a `freshDatabase` env) and
 * serves `defs`; `stop` closes the server, shuts the service down and `drop`s the database.
 */
export async function serveBooted(defs: AnyEndpoint[], env: Record<string, string>, drop: () => Promise<void>): Promise<{ url: string; stop: () => Promise<void> }> {
  try {
    Object.assign(process.env, env);
    const { resetConfigForTests } = await import("../../server/config");
    resetConfigForTests();
    const boot = await import("../../server/boot");
    await boot.ensureBooted();
    const s = await serveEndpoints(defs);
    return {
      url: s.url,
      stop: async () => {
        await s.close();
        await boot.shutdown();
        await drop();
      },
    };
  } catch (e) {
    await drop();
    throw e;
  }
}

export async function serveEndpoints(defs: AnyEndpoint[]): Promise<{ url: string; close: () => Promise<void> }> {
  const dispatch = apiDispatcher(defs);
  const server = createServer((req, res) => void dispatch(req, res));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

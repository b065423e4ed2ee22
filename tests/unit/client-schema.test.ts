// The typed client (issue 27 item 1): its generated sources are what the served document gives now, its list of
// idempotent operations is the registry's, and the package stands alone (imports nothing outside client/).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { IDEMPOTENT_OPERATIONS } from "../../client/src/operations";
import { CLIENT_SRC, clientSources, idempotentOperations } from "../../scripts/client-generate";
import { allEndpoints, documentJson } from "../../server/api";

const CLIENT = path.dirname(CLIENT_SRC);

describe("the client's generated sources", () => {
  it("are the committed files (run `npm run client:generate` when this fails)", async () => {
    const files = await clientSources();
    for (const [name, text] of Object.entries(files)) {
      expect(readFileSync(path.join(CLIENT_SRC, name), "utf8"), `client/src/${name} is stale: run npm run client:generate`).toBe(text);
    }
  });

  it("would change with the document: a renamed error code is seen", async () => {
    const changed = documentJson().replace('"WALLET_SCOPE"', '"WALLET_OUT_OF_SCOPE"');
    expect(changed).not.toBe(documentJson());
    const files = await clientSources(changed);
    expect(files["schema.ts"]).not.toBe(readFileSync(path.join(CLIENT_SRC, "schema.ts"), "utf8"));
  });

  it("send an Idempotency-Key on exactly the registry's idempotent operations (route, withdraw, auto-pay, bridge delivery…)", () => {
    const registry = allEndpoints()
      .filter((d) => d.idempotent)
      .map((d) => `${d.method} ${d.path}`)
      .sort();
    expect([...IDEMPOTENT_OPERATIONS]).toEqual(registry);
    expect(IDEMPOTENT_OPERATIONS).toEqual(
      expect.arrayContaining([
        "POST /api/v1/wallets/{address}/route",
        "POST /api/v1/wallets/{address}/withdraw",
        "POST /api/v1/wallets/{address}/auto-pay",
        "POST /api/v1/svc/bridge/delivery",
      ]),
    );
    expect(idempotentOperations({ openapi: "3.1.0", info: { title: "t", version: "1" }, paths: {} })).toEqual([]);
  });
});

describe("the client package", () => {
  const pkg = JSON.parse(readFileSync(path.join(CLIENT, "package.json"), "utf8")) as Record<string, unknown>;

  it("is a 0.x package with typed exports, a files list and openapi-fetch as its one dependency", () => {
    expect(pkg.name).toBe("@svc/client");
    expect(pkg.version).toMatch(/^0\.\d+\.\d+$/);
    expect(pkg.exports).toMatchObject({ ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } });
    expect(pkg.files).toEqual(expect.arrayContaining(["dist", "README.md", "CHANGELOG.md"]));
    expect(pkg.dependencies).toEqual({ "openapi-fetch": "0.17.0" });
    // The repository pins the same openapi-fetch the package asks for.
    const root = JSON.parse(readFileSync(path.join(CLIENT, "..", "package.json"), "utf8")) as { dependencies: Record<string, string> };
    expect(root.dependencies["openapi-fetch"]).toBe("0.17.0");
    expect(readFileSync(path.join(CLIENT, "CHANGELOG.md"), "utf8")).toContain(`## ${pkg.version}`);
  });

  it("imports nothing outside client/src but openapi-fetch", () => {
    const files = readdirSync(CLIENT_SRC).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      const { importedFiles } = ts.preProcessFile(readFileSync(path.join(CLIENT_SRC, f), "utf8"), true, true);
      for (const spec of importedFiles.map((x) => x.fileName)) {
        const ok = spec === "openapi-fetch" || (/^\.\/[a-z-]+\.ts$/.test(spec) && files.includes(spec.slice(2)));
        expect({ file: f, spec, ok }).toEqual({ file: f, spec, ok: true });
      }
    }
  });
});

describe("the dashboard on the client (issue 27 item 3, first page: settings/webhooks)", () => {
  const root = path.resolve(CLIENT, "..");
  const dir = path.join(root, "app", "settings", "webhooks");

  it("calls the API through @svc/client, not lib/api.ts", () => {
    const sources = readdirSync(dir).filter((f) => f.endsWith(".tsx"));
    const imports = sources.flatMap((f) => ts.preProcessFile(readFileSync(path.join(dir, f), "utf8"), true, true).importedFiles.map((x) => x.fileName));
    expect(imports).toContain("@/lib/svc");
    expect(imports).not.toContain("@/lib/api");
  });

  it("and lib/api.ts declares none of the webhook shapes the document types", () => {
    const api = readFileSync(path.join(root, "lib", "api.ts"), "utf8");
    for (const name of ["Webhook", "WebhookList", "WebhookCreated", "WebhookRotated", "LoggedEvent", "EventLog"]) {
      expect({ name, declared: new RegExp(`(interface|type) ${name}\\b`).test(api) }).toEqual({ name, declared: false });
    }
  });
});

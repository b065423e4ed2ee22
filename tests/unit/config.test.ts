// Configuration (contract §1): parsed and validated at start; a bad value stops start with one line.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../server/config";

const root = path.resolve(import.meta.dirname, "..", "..");

describe("parseConfig", () => {
  it("has the contract's defaults", () => {
    const c = parseConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      SVC_DATA_DIR: ".data",
      SVC_EXECUTION_MODE: "owner_sign_prepare",
      SVC_RATE_LIMIT_PER_MIN: 600,
      SVC_WEBHOOK_ALLOW_INSECURE: false,
      SVC_WEBHOOK_RETRY_BASE_MS: 30000,
      SVC_WEBHOOK_MAX_ATTEMPTS: 10,
    });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it("SVC_OWNER_SIGNING_CHAINS: unset means none; a comma list of Map chains (spaces and empty items ignored)", () => {
    expect(parseConfig({}).SVC_OWNER_SIGNING_CHAINS).toEqual([]);
    expect(parseConfig({ SVC_OWNER_SIGNING_CHAINS: "" }).SVC_OWNER_SIGNING_CHAINS).toEqual([]);
    expect(parseConfig({ SVC_OWNER_SIGNING_CHAINS: "evm-b" }).SVC_OWNER_SIGNING_CHAINS).toEqual(["evm-b"]);
    expect(parseConfig({ SVC_OWNER_SIGNING_CHAINS: " evm-a , evm-b," }).SVC_OWNER_SIGNING_CHAINS).toEqual(["evm-a", "evm-b"]);
  });

  it("SVC_OWNER_SIGNING_CHAINS with an Executable or unknown chain is one line naming the variable and the allowed values", () => {
    for (const value of ["svm-chain", "evm-a,base"]) {
      expect(() => parseConfig({ SVC_OWNER_SIGNING_CHAINS: value })).toThrow(
        /^Invalid configuration: SVC_OWNER_SIGNING_CHAINS: must list Map chains only: evm-a, evm-b \(comma-separated\)$/,
      );
    }
  });

  it("SVC_PYTH_HERMES_URL: defaults to the Hermes root NAVI's SDK hard-codes; a trailing slash is dropped; not a URL is one line naming it", () => {
    expect(parseConfig({}).SVC_PYTH_HERMES_URL).toBe("https://hermes.pyth.network");
    expect(parseConfig({ SVC_PYTH_HERMES_URL: "http://127.0.0.1:4000/" }).SVC_PYTH_HERMES_URL).toBe("http://127.0.0.1:4000");
    expect(() => parseConfig({ SVC_PYTH_HERMES_URL: "hermes.pyth.network" })).toThrow(/^Invalid configuration: SVC_PYTH_HERMES_URL: must be an http:\/\/ or https:\/\/ URL$/);
  });

  it("SVC_FEE_RECIPIENT_*: unset means no recipient; each chain takes an address of its own family", () => {
    expect(parseConfig({}).SVC_FEE_RECIPIENT_SVM).toBeUndefined();
    const c = parseConfig({
      SVC_FEE_RECIPIENT_MOVE: `0x${"ab".repeat(32)}`,
      SVC_FEE_RECIPIENT_SVM: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM",
      SVC_FEE_RECIPIENT_EVM_A: "0x7777777777777777777777777777777777777777",
    });
    expect(c).toMatchObject({ SVC_FEE_RECIPIENT_MOVE: `0x${"ab".repeat(32)}`, SVC_FEE_RECIPIENT_SVM: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM" });
    expect(() => parseConfig({ SVC_FEE_RECIPIENT_EVM_B: "0xnot" })).toThrow(/^Invalid configuration: SVC_FEE_RECIPIENT_EVM_B: must be an EVM address/);
  });

    it("parses SVC_API_KEYS", () => {
    const c = parseConfig({ SVC_API_KEYS: JSON.stringify([{ key: "k".repeat(20), role: "agent", wallets: ["*"] }]) });
    expect(c.SVC_API_KEYS?.[0]?.role).toBe("agent");
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x"],
    ["SVC_API_KEYS", "{not json"],
    ["SVC_API_KEYS", JSON.stringify([{ key: "short", role: "owner", wallets: ["*"] }])],
    ["SVC_API_KEYS", JSON.stringify([{ key: "k".repeat(20), role: "admin", wallets: ["*"] }])],
    ["SVC_EXECUTION_MODE", "yolo"],
    ["SVC_RATE_LIMIT_PER_MIN", "0"],
    ["SVC_YIELDS_API_URL", "ftp://x"],
    ["SVC_OWNER_SIGNING_CHAINS", "move-chain"],
    ["SVC_OWNER_SIGNING_CHAINS", "evm-b,evm-c"],
    ["SVC_FEE_RECIPIENT_MOVE", "0x1234"],
    ["SVC_FEE_RECIPIENT_SVM", "0x5555555555555555555555555555555555555555"],
    ["SVC_FEE_RECIPIENT_EVM_A", "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat"],
    ["SVC_FEE_RECIPIENT_EVM_B", "0x55555555555555555555555555555555555555"],
  ])("rejects %s=%s naming the variable, without echoing the value", (name, value) => {
    let err: unknown;
    try {
      parseConfig({ [name]: value });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const e = err as ConfigError;
    expect(e.variable).toBe(name);
    expect(e.message).toContain(name);
    expect(e.message.split("\n")).toHaveLength(1);
    if (name === "SVC_API_KEYS" || name === "DATABASE_URL") expect(e.message).not.toContain(value);
  });
});

describe("npm start with a bad setting", () => {
  it.each([
    ["PORT", "not-a-port"],
    ["SVC_API_KEYS", "[{oops"],
    ["DATABASE_URL", "http://not-postgres"],
    ["SVC_OWNER_SIGNING_CHAINS", "move-chain"],
    ["SVC_FEE_RECIPIENT_SVM", "not-an-address"],
  ])("%s=%s stops with one clear line", (name, value) => {
    const r = spawnSync(process.execPath, [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), "--conditions=react-server", "scripts/start.ts"], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, [name]: value } as unknown as NodeJS.ProcessEnv,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${name}: `));
    expect(r.stdout).not.toContain("building");
  });
});

// errorLine (server/chains/clients.ts) gives the first line of an error as a clause for our own sentences: callers end
// it with their own period, so a message that ends in one ("HTTP request failed.", viem's first line) never reads "..".
import { describe, expect, it } from "vitest";
import { errorLine } from "../../server/chains/clients";

describe("errorLine", () => {
  it("drops the final period(s) of the first line, so a reason built around it ends in one period", () => {
    const viem = new Error("HTTP request failed.\n\nStatus: 503\nURL: http://127.0.0.1:1\n\nVersion: viem@2.57.20");
    expect(errorLine(viem)).toBe("HTTP request failed");
    expect(`Not simulated: the chain's RPC could not be read: ${errorLine(viem)}.`).not.toMatch(/\.\.$/);
    expect(errorLine(new Error("The RPC did not answer..."))).toBe("The RPC did not answer");
    expect(errorLine("plain words")).toBe("plain words");
  });

  it("keeps periods inside the line and the length limit", () => {
    expect(errorLine(new Error("v1.2 refused it: bad nonce."))).toBe("v1.2 refused it: bad nonce");
    expect(errorLine(new Error("x".repeat(300)), 20)).toBe("x".repeat(20));
  });
});

// The two "RPC down" cases every EVM venue's worth test holds (issue 23 item 5): with its ids already proven, an
// unreachable node gives `ok: false` naming the failed read, and a number again once it is back; before the ids are
// proven, the reason still says the chain's RPC could not be read. Registered inside the venue's describe.
import { expect, it } from "vitest";
import { forgetProvenIds } from "../server/venues/shared/prove";
import { forgetWorth, readPositionWorth } from "../server/venues/worth";
import { whileDown } from "./swapped-ids";

export function rpcDownWorthCases(node: () => { down: boolean }, venueId: () => string, what: string, owner: string, up: Record<string, unknown> = { ok: true }): void {
  it("an unreachable RPC: ok false with the reason, never a number; the chain back, a number again", async () => {
    // Read once while up (the ids proven and remembered), so what fails below is the balance read itself.
    expect(await readPositionWorth(venueId(), owner)).toMatchObject({ ok: true });
    forgetWorth();
    const down = await whileDown(node(), () => readPositionWorth(venueId(), owner));
    expect(down).toEqual({ ok: false, reason: `${what}: the chain's RPC read failed: HTTP request failed` });
    expect(await readPositionWorth(venueId(), owner)).toMatchObject(up);
  });

  it("an unreachable RPC before the ids are proven: ok false, the reason says the chain's RPC could not be read", async () => {
    forgetProvenIds();
    forgetWorth();
    const down = await whileDown(node(), () => readPositionWorth(venueId(), owner));
    expect(down).toMatchObject({ ok: false });
    expect(!down.ok && down.reason.startsWith(`${what}: `)).toBe(true);
    expect(!down.ok && down.reason).toMatch(/could not be read from the chain's RPC|the chain's RPC read failed/);
  });
}

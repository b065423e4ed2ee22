// CCTP V1's retirement as Circle published it: the phase-out from 31 July 2026 over about ten months (an estimated end
// of 31 May 2027); V1 burns stop being offered 30 days before that, with the dates in words.
import { describe, expect, it } from "vitest";
import { estimatedV1End, RETIRING_BLOCK_DAYS, retirementBlocker, retirementRisk } from "./retirement";

describe("CCTP V1 retirement", () => {
  it("the estimated end is ten months after the published phase-out start", () => {
    expect(estimatedV1End().toISOString().slice(0, 10)).toBe("2027-05-31");
    expect(RETIRING_BLOCK_DAYS).toBe(30);
  });

  it("a V1 burn is offered until 30 days before the estimated end, then blocked rail_retiring with the dates", () => {
    expect(retirementBlocker(new Date("2026-11-26T12:00:00Z"))).toBeNull();
    expect(retirementBlocker(new Date("2027-04-30T23:59:59Z"))).toBeNull();
    const blocked = retirementBlocker(new Date("2027-05-01T00:00:00Z"));
    expect(blocked?.code).toBe("rail_retiring");
    expect(blocked?.message).toMatch(/phase-out since 2026-07-31, ending about 2027-05-31\): from 2027-05-01/);
    expect(blocked?.message).toMatch(/Circle runs only V1 on move-chain/);
    expect(retirementBlocker(new Date("2027-09-01T00:00:00Z"))?.code).toBe("rail_retiring");
  });

  it("the risk line cites Circle's announcement and migration guide", () => {
    const risk = retirementRisk();
    expect(risk).toContain("announced 2025-11-14");
    expect(risk).toContain("https://www.circle.com/blog/cctp-version-updates");
    expect(risk).toContain("Circle has published no last burn date");
  });
});

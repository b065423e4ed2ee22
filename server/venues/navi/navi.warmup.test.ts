// The start-up warm-up's sharing (./prefetch.ts warmWith / warmed): a walk that starts while the warm-up walks waits for
// it, whichever way it ends; the warm-up's own walks never wait for themselves; a plan's abort ends its wait.
import { describe, expect, it } from "vitest";
import { warmed, warmWith } from "./prefetch";

const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
};

describe("NAVI warm-up walk shared with the plans that start during it", () => {
  it("a walk waits for the warm-up in flight, and no longer once it ended", async () => {
    let end!: () => void;
    let own: Promise<void> | undefined;
    const warm = warmWith((signal) => {
      // The warm-up's own walks pass its signal: they do not wait for themselves.
      own = warmed(signal);
      return new Promise<void>((r) => {
        end = r;
      });
    }, 60_000);
    const plan = warmed(new AbortController().signal);
    expect(await settled(own ?? Promise.reject())).toBe(true);
    expect(await settled(plan)).toBe(false);
    end();
    await warm;
    expect(await settled(plan)).toBe(true);
    expect(await settled(warmed(new AbortController().signal))).toBe(true);
  });

  it("a failed warm-up releases the walks that waited (they walk cold)", async () => {
    let fail!: (e: Error) => void;
    const warm = warmWith(() => new Promise<void>((_, reject) => (fail = reject)), 60_000);
    const plan = warmed(new AbortController().signal);
    fail(new Error("RPC unreachable"));
    await expect(warm).rejects.toThrow("RPC unreachable");
    expect(await settled(plan)).toBe(true);
  });

  it("a plan's abort ends its wait though the warm-up still walks; the warm-up's budget aborts it", async () => {
    const warm = warmWith((signal) => new Promise<void>((_, reject) => signal.addEventListener("abort", () => reject(signal.reason))), 50);
    const ac = new AbortController();
    const plan = warmed(ac.signal);
    expect(await settled(plan)).toBe(false);
    ac.abort();
    expect(await settled(plan)).toBe(true);
    await expect(warm).rejects.toThrow("did not end within 50 ms");
  });
});

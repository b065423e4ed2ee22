// AAVE_POOL_ABI is the Pool's own: every entry equals, field by field, its entry in the artifact `@aave/core-v3`
// 1.19.3 ships (artifacts/contracts/protocol/pool/Pool.sol/Pool.json), the bytecode the local EVM deploys; likewise
// AAVE_POOL_ADDRESSES_PROVIDER_ABI and the PoolAddressesProvider's artifact.
import { describe, expect, it } from "vitest";
import { aaveArtifact } from "../../../testing/chains/evm/artifacts";
import { abiDiff } from "../../../testing/chains/evm/abi-diff";
import { AAVE_POOL_ABI, AAVE_POOL_ADDRESSES_PROVIDER_ABI } from "./abi";

describe("Aave v3 Pool ABI", () => {
  it("is a verbatim subset of @aave/core-v3's Pool artifact", () => {
    const pool = aaveArtifact("protocol/pool/Pool.sol/Pool");
    expect(pool.contractName).toBe("Pool");
    expect(abiDiff(AAVE_POOL_ABI, pool.abi)).toEqual([]);
  });

  it("the PoolAddressesProvider entries are a verbatim subset of its artifact", () => {
    const provider = aaveArtifact("protocol/configuration/PoolAddressesProvider.sol/PoolAddressesProvider");
    expect(provider.contractName).toBe("PoolAddressesProvider");
    expect(abiDiff(AAVE_POOL_ADDRESSES_PROVIDER_ABI, provider.abi)).toEqual([]);
  });
});

// A stand-in for Circle's TokenMessengerV2 on the local EVM, at the published TokenMessengerV2 address
// (lib/cctp-ids.ts cites it): `depositForBurn` with the V2 signature (TOKEN_MESSENGER_V2_ABI, checked when compiled)
// pulls `amount` of the burn token from the caller with transferFrom, as Circle's TokenMessengerV2 does before its
// minter burns it (circlefin/evm-cctp-contracts src/v2/BaseTokenMessenger.sol `_depositForBurn`:
// `IMintBurnToken(_burnToken).transferFrom(msg.sender, address(_localMinter), _amount)`). It holds what it pulls, so a
// test reads the burned amount as the stand-in's balance. No attestation, no message: the rest of CCTP is the local
// Iris's part (tests/support/fake-iris.ts). Compiled here with solc-js (the `solc` devDependency, 0.8.15), about two
// seconds. The receive side is Circle's real contracts (./cctp/deploy.ts, compiled from Circle's source); the burn stays
// with this stand-in because Circle's TokenMinter burns with the token's `burn(uint256)`, which the local USDC (Aave's
// MintableERC20, ./aave.ts) does not have, so the real TokenMessengerV2's depositForBurn would revert there.
import solc from "solc";
import { type Abi, encodeDeployData, type Hex } from "viem";
import { TOKEN_MESSENGER_V2_ABI } from "../../../server/rails/cctp/abi";
import { TOKEN_MESSENGER_V2 } from "../../../server/rails/cctp-v2/evm";
import { signatureDiff } from "./abi-diff";
import type { EvmNode } from "./node";
import { compileOne, type Solc } from "./solc";

const SOURCE = `// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.15;
interface IERC20 { function transferFrom(address from, address to, uint256 amount) external returns (bool); }
contract TokenMessengerV2StandIn {
  event DepositForBurn(address indexed burnToken, uint256 amount, address indexed depositor, bytes32 mintRecipient, uint32 destinationDomain, uint256 maxFee);
  function depositForBurn(uint256 amount, uint32 destinationDomain, bytes32 mintRecipient, address burnToken, bytes32, uint256 maxFee, uint32) external {
    require(amount > 0, "Amount must be nonzero");
    require(maxFee < amount, "Max fee must be less than amount");
    require(IERC20(burnToken).transferFrom(msg.sender, address(this), amount), "transferFrom failed");
    emit DepositForBurn(burnToken, amount, msg.sender, mintRecipient, destinationDomain, maxFee);
  }
}`;

/** The stand-in's creation code and ABI; refused unless its depositForBurn has TokenMessengerV2's signature. */
function compile(): { abi: Abi; bytecode: Hex } {
  const c = compileOne(solc as unknown as Solc, "TokenMessengerV2StandIn.sol", "TokenMessengerV2StandIn", SOURCE);
  const abi = c.abi as Abi;
  const differs = signatureDiff(TOKEN_MESSENGER_V2_ABI, abi);
  if (differs.length) throw new Error(`the TokenMessengerV2 stand-in is not TokenMessengerV2: ${differs.join("; ")}`);
  return { abi, bytecode: c.bytecode };
}

/** Places the stand-in at TokenMessengerV2's address. */
export async function deployTokenMessengerV2StandIn(node: EvmNode, admin: string): Promise<void> {
  await node.deployAt(TOKEN_MESSENGER_V2, encodeDeployData(compile()), admin);
}

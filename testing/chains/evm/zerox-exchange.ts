// A stand-in for 0x's AllowanceHolder + Settler on the local EVM, at the address the local quote server answers
// (tests/support/fake-quotes.ts FAKE_ALLOWANCE_HOLDER): `exec` with AllowanceHolder's signature (0xProject/0x-settler
// src/allowanceholder/IAllowanceHolder.sol: `exec(address operator, address token, uint256 amount, address payable
// target, bytes calldata data) payable returns (bytes memory)`), which, in one call, does what a 0x swap does to the
// taker's balances: `amount` of the sell token leaves the taker through the allowance the taker gave this address (as
// AllowanceHolder's `transferFrom` for Settler does), the integrator fee goes to its recipient, and the buy amount
// arrives at the recipient from this contract's own balance (the pools' part). The order is `data`, abi-encoded
// (buyToken, buyAmount, recipient, feeRecipient, fee), which the quote server writes: so a quote server answering
// another amount or recipient changes what the chain's simulation reports. No routing, no slippage check: the service's
// own check compares the simulated changes with the plan. Compiled with solc-js (the `solc` devDependency) as ./cctp.ts.
import solc from "solc";
import { type Abi, encodeDeployData, type Hex } from "viem";
import type { EvmNode } from "./node";
import { compileOne, type Solc } from "./solc";

const SOURCE = `// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.15;
interface IERC20 {
  function transferFrom(address from, address to, uint256 amount) external returns (bool);
  function transfer(address to, uint256 amount) external returns (bool);
}
contract LocalZeroExExchange {
  function exec(address, address token, uint256 amount, address payable, bytes calldata data) external payable returns (bytes memory) {
    (address buyToken, uint256 buyAmount, address recipient, address feeRecipient, uint256 fee) = abi.decode(data, (address, uint256, address, address, uint256));
    require(IERC20(token).transferFrom(msg.sender, address(this), amount), "sell transferFrom failed");
    if (fee > 0) require(IERC20(token).transfer(feeRecipient, fee), "fee transfer failed");
    require(IERC20(buyToken).transfer(recipient, buyAmount), "buy transfer failed");
    return "";
  }
}`;

function compile(): { abi: Abi; bytecode: Hex } {
  const c = compileOne(solc as unknown as Solc, "LocalZeroExExchange.sol", "LocalZeroExExchange", SOURCE);
  return { abi: c.abi as Abi, bytecode: c.bytecode };
}

/** Places the local exchange at `address` (the quote server's AllowanceHolder). */
export async function deployZeroExExchange(node: EvmNode, address: string, admin: string): Promise<void> {
  await node.deployAt(address, encodeDeployData(compile()), admin);
}

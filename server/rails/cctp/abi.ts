// Circle CCTP on EVM, both versions: the entries the rails call or read, each verbatim from Circle's published ABI
// (circlefin/evm-cctp-contracts 4061786a5726bc05f99fcdb53b0985599f0dbaf7, docs/abis/cctp/). ./abi.test.ts proves the
// V2 entries and the MessageTransmitter's (the same in V1 and V2) equal, field by field, to the ABIs Circle ships in
// `@circle-fin/adapter-viem-v2` 1.18.0 (index.cjs `tokenMessengerV2Abi`, `messageTransmitterV2Abi`, the ABIs the
// bridge kit calls with), and V1's depositForBurn to take exactly V2's first four parameters.

/** TokenMessenger (V1).depositForBurn: docs/abis/cctp/TokenMessenger.json (src/TokenMessenger.sol). */
export const TOKEN_MESSENGER_ABI = [
  { inputs: [{ internalType: "uint256", name: "amount", type: "uint256" }, { internalType: "uint32", name: "destinationDomain", type: "uint32" }, { internalType: "bytes32", name: "mintRecipient", type: "bytes32" }, { internalType: "address", name: "burnToken", type: "address" }], name: "depositForBurn", outputs: [{ internalType: "uint64", name: "_nonce", type: "uint64" }], stateMutability: "nonpayable", type: "function" },
] as const;

/** TokenMessengerV2.depositForBurn: docs/abis/cctp/v2/TokenMessengerV2.json (src/v2/TokenMessengerV2.sol). */
export const TOKEN_MESSENGER_V2_ABI = [
  { type: "function", name: "depositForBurn", inputs: [{ name: "amount", type: "uint256", internalType: "uint256" }, { name: "destinationDomain", type: "uint32", internalType: "uint32" }, { name: "mintRecipient", type: "bytes32", internalType: "bytes32" }, { name: "burnToken", type: "address", internalType: "address" }, { name: "destinationCaller", type: "bytes32", internalType: "bytes32" }, { name: "maxFee", type: "uint256", internalType: "uint256" }, { name: "minFinalityThreshold", type: "uint32", internalType: "uint32" }], outputs: [], stateMutability: "nonpayable" },
] as const;

/**
 * MessageTransmitter.receiveMessage(message, attestation) and the MessageSent(bytes message) event, the same in V1
 * (docs/abis/cctp/MessageTransmitter.json, src/MessageTransmitter.sol) and V2 (docs/abis/cctp/v2/MessageTransmitterV2.json): one ABI serves both.
 */
export const MESSAGE_TRANSMITTER_ABI = [
  { type: "function", name: "receiveMessage", inputs: [{ name: "message", type: "bytes", internalType: "bytes" }, { name: "attestation", type: "bytes", internalType: "bytes" }], outputs: [{ name: "success", type: "bool", internalType: "bool" }], stateMutability: "nonpayable" },
  { type: "event", name: "MessageSent", inputs: [{ name: "message", type: "bytes", indexed: false, internalType: "bytes" }], anonymous: false },
] as const;

/**
 * MessageTransmitter's MessageReceived, emitted once per message received, with the message's source domain, nonce,
 * sender and body: V1 docs/abis/cctp/MessageTransmitter.json (src/MessageTransmitter.sol: nonce uint64); V2
 * docs/abis/cctp/v2/MessageTransmitterV2.json (src/v2/MessageTransmitterV2.sol: nonce bytes32, and the indexed
 * finalityThresholdExecuted). The two layouts differ, so their topic0 do too.
 */
// source: circlefin/evm-cctp-contracts @ 4061786a5726bc05f99fcdb53b0985599f0dbaf7 docs/abis/cctp/MessageTransmitter.json `MessageReceived`.
export const MESSAGE_RECEIVED_V1_ABI = [
  { anonymous: false, inputs: [{ indexed: true, internalType: "address", name: "caller", type: "address" }, { indexed: false, internalType: "uint32", name: "sourceDomain", type: "uint32" }, { indexed: true, internalType: "uint64", name: "nonce", type: "uint64" }, { indexed: false, internalType: "bytes32", name: "sender", type: "bytes32" }, { indexed: false, internalType: "bytes", name: "messageBody", type: "bytes" }], name: "MessageReceived", type: "event" },
] as const;
// source: circlefin/evm-cctp-contracts @ 4061786a5726bc05f99fcdb53b0985599f0dbaf7 docs/abis/cctp/v2/MessageTransmitterV2.json `MessageReceived`.
export const MESSAGE_RECEIVED_V2_ABI = [
  { type: "event", name: "MessageReceived", inputs: [{ name: "caller", type: "address", indexed: true, internalType: "address" }, { name: "sourceDomain", type: "uint32", indexed: false, internalType: "uint32" }, { name: "nonce", type: "bytes32", indexed: true, internalType: "bytes32" }, { name: "sender", type: "bytes32", indexed: false, internalType: "bytes32" }, { name: "finalityThresholdExecuted", type: "uint32", indexed: true, internalType: "uint32" }, { name: "messageBody", type: "bytes", indexed: false, internalType: "bytes" }], anonymous: false },
] as const;

// The API's response and request shapes the dashboard names, as aliases of the types generated from the served OpenAPI
// document (client/src/schema.ts, `npm run client:generate`): never declared by hand here (issue 27 item 3;
// tests/unit/api-types.test.ts fails on a declared shape). Type-only: nothing of this file reaches a bundle.
import type { components, operations } from "@svc/client";
import type { EvmCall } from "../server/chains/evm";
import type { SolanaPayload as ServerSolanaPayload } from "../server/chains/solana";

type S = components["schemas"];
/** The JSON body of an operation's answer with this status. */
type Answer<O extends keyof operations, Code extends keyof operations[O]["responses"]> = operations[O]["responses"][Code] extends {
  content: { "application/json": infer B };
}
  ? B
  : never;
/** The JSON body an operation takes. */
type Body<O extends keyof operations> = operations[O] extends { requestBody?: { content: { "application/json": infer B } } } ? B : never;

export type ChainId = S["ChainId"];
export type RailId = S["BridgePaths"]["paths"][number]["rail"];
export type Blocker = S["Blocker"];

export type ActionReadiness = S["ActionReadiness"];
export type VenueActions = S["VenueActions"];
export type HomeBody = S["Home"];
export type Opportunity = HomeBody["opportunities"][number];
export type Strategy = S["Strategy"];
export type StrategyDetail = S["StrategyDetail"];
export type VenuesBody = S["Venues"];
export type ChartBody = S["StrategyChart"];
export type FeesBody = S["Fees"];
export type TokenMetadata = S["Token"];
export type BridgePathsBody = S["BridgePaths"];
export type BridgePath = BridgePathsBody["paths"][number];

// ---- Plans. The document types a transaction's `payload` as unknown (its description names the shape per
// encoding); the dashboard narrows it with the server's own payload types, which build it (type-only imports).
export type SolanaPayload = ServerSolanaPayload;
export type EvmCallPayload = EvmCall;
type Tx = Omit<S["PlanTransaction"], "encoding" | "payload">;
export type PlanTransaction =
  | (Tx & { encoding: Extract<S["PlanTransaction"]["encoding"], "sui-transaction-json">; payload: string })
  | (Tx & { encoding: Extract<S["PlanTransaction"]["encoding"], "solana-v0-message-base64">; payload: SolanaPayload })
  | (Tx & { encoding: Extract<S["PlanTransaction"]["encoding"], "evm-call">; payload: EvmCallPayload });
/** A plan of the document whose transactions carry the narrowed payloads. */
type Narrowed<P> = Omit<P, "transactions"> & { transactions: PlanTransaction[] };
export type TxKind = S["PlanTransaction"]["kind"];
export type Simulation = S["Simulation"];
export type SimulatedChanges = S["SimulatedChanges"];
export type PlanFee = S["PlanFee"];
export type VaultPlan = Narrowed<S["VaultPlan"]>;
export type SwapPlan = Narrowed<S["SwapPlan"]>;
export type BridgePlan = Narrowed<S["BridgePlan"]>;
export type Plan = VaultPlan | SwapPlan | BridgePlan;
export type VaultPlanRequest = S["VaultPlanRequest"];
export type BridgePlanRequest = S["BridgePlanRequest"];
export type EvmSwapRequest = Body<"planSwapEvm">;
export type SvmSwapRequest = Body<"planSwapSvm">;
export type MoveSwapRequest = Body<"planSwapMove">;
/** POST /svc/swap-svm/plan, /svc/swap-move/plan, /svc/evm/swap/plan (+ chain on the EVM one). */
export type SwapRequest = SvmSwapRequest | MoveSwapRequest | EvmSwapRequest;
export type ExecuteBody = Answer<"executeDeposit", 200> | Answer<"executeDeposit", 202>;
export type ExecuteRequest = Body<"executeDeposit">;
export type BridgeRescueBody = Narrowed<S["BridgeRescuePlan"]>;
export type PlanRecordBody = S["PlanRecord"];
export type BridgeDeliveryBody = S["BridgeDelivery"];

// ---- Wallets.
export type PortfolioBody = S["PublicWalletPortfolio"];
export type Position = PortfolioBody["positions"][number];
export type ActivityBody = S["PublicWalletActivity"];
export type ActivityRow = ActivityBody["activity"][number];
export type BalanceBody = S["WalletBalance"];
export type BalanceLeg = BalanceBody["legs"][number];
export type WalletAutopilot = S["Autopilot"];
export type AutopilotDecision = S["AutopilotDecision"];
export type AutopilotHistory = S["AutopilotHistory"];
export type AutopilotRun = S["AutopilotRun"];
export type CharacterAutoYield = S["CharacterAutoYield"];

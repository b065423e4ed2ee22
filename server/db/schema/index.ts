// Every table, one file each. drizzle-kit reads this file to generate migrations into drizzle/.
export * from "./api-keys";
export * from "./events";
export * from "./idempotency-keys";
export * from "./rate-limits";
export * from "./venue-apys";
export * from "./yield-snapshots";
export * from "./plans";
export * from "./webhook-attempts";
export * from "./webhook-cursor";
export * from "./webhook-deliveries";
export * from "./webhook-subscriptions";
export * from "./activity";
export * from "./balances";
export * from "./ledger-entries";
export * from "./plan-executions";

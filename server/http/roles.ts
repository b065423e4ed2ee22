// The role table of spec §5, in one place. Every endpoint names one access class; this table says
// which roles hold it. The auth matrix test is generated from it.

export const ROLES = ["owner", "agent", "keeper"] as const;
export type Role = (typeof ROLES)[number];

/** Access classes an endpoint can require (besides "public" and "permissionless", which need no key). */
export const CAPABILITIES = {
  /** position, portfolio, performance, funding, batch positions, auto-yield and autopilot reads, cage state. */
  "wallet.read": ["owner", "agent"],
  /** preview and other dry runs (autopilot preview, tick, decide). */
  "wallet.dryrun": ["owner", "agent"],
  /** route, withdraw, auto-pay, rebalance: moves the wallet's money. */
  "wallet.move": ["owner"],
  /** PUT auto-yield, autopilot enable/disable, cage policy, characters: changes the wallet's policy. */
  "wallet.policy": ["owner"],
  /** bridge rescue: funds only ever go to the owner-locked destination. */
  "bridge.rescue": ["owner"],
  /** bridge delivery: credit after proof. */
  "bridge.deliver": ["owner", "keeper"],
  /** webhook subscriptions. */
  "webhooks.manage": ["owner"],
  /** the event log. */
  "events.read": ["owner", "agent"],
  /** keeper harvest plans (owner may dry-run too). */
  "harvest.plan": ["owner", "keeper"],
  /** keeper operations: harvest batch, survival, ops health, map and stats refresh, the Prometheus metrics (GET /metrics). */
  "keeper.ops": ["keeper"],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof CAPABILITIES;
export type Access = "public" | "permissionless" | Capability;

export function roleMay(role: Role, access: Access): boolean {
  if (access === "public" || access === "permissionless") return true;
  return (CAPABILITIES[access] as readonly Role[]).includes(role);
}

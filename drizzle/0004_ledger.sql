CREATE SEQUENCE "public"."activity_group_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "activity" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"wallet" text NOT NULL,
	"plan_id" text,
	"leg_index" integer DEFAULT 0 NOT NULL,
	"group_seq" bigint DEFAULT nextval('activity_group_seq') NOT NULL,
	"kind" text NOT NULL,
	"chain" text NOT NULL,
	"dest_chain" text,
	"venue_id" text,
	"token" text DEFAULT 'USDC' NOT NULL,
	"tx_id" text,
	"amount_in_micros" numeric(78, 0) NOT NULL,
	"amount_out_micros" numeric(78, 0),
	"quoted_amount_out_micros" numeric(78, 0),
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "balances" (
	"wallet" text NOT NULL,
	"chain" text NOT NULL,
	"token" text NOT NULL,
	"venue_id" text DEFAULT '' NOT NULL,
	"liquid_micros" numeric(78, 0) DEFAULT 0 NOT NULL,
	"staked_micros" numeric(78, 0) DEFAULT 0 NOT NULL,
	"cost_basis_micros" numeric(78, 0) DEFAULT 0 NOT NULL,
	"realized_yield_micros" numeric(78, 0) DEFAULT 0 NOT NULL,
	"index_ref" numeric(78, 0),
	"tx_id" text,
	"opened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balances_wallet_chain_token_venue_id_pk" PRIMARY KEY("wallet","chain","token","venue_id"),
	CONSTRAINT "balances_liquid_nonneg" CHECK ("balances"."liquid_micros" >= 0),
	CONSTRAINT "balances_staked_nonneg" CHECK ("balances"."staked_micros" >= 0),
	CONSTRAINT "balances_cost_basis_nonneg" CHECK ("balances"."cost_basis_micros" >= 0),
	CONSTRAINT "balances_liquid_row_unstaked" CHECK ("balances"."venue_id" <> '' or "balances"."staked_micros" = 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"action_id" text NOT NULL,
	"wallet" text NOT NULL,
	"chain" text NOT NULL,
	"token" text NOT NULL,
	"venue_id" text,
	"kind" text NOT NULL,
	"amount_micros" numeric(78, 0) NOT NULL,
	"balance_after_micros" numeric(78, 0) NOT NULL,
	"plan_id" text,
	"leg_index" integer,
	"tx_id" text,
	"counterparty" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_balance_after_nonneg" CHECK ("ledger_entries"."balance_after_micros" >= 0)
);
--> statement-breakpoint
CREATE INDEX "activity_wallet_order_idx" ON "activity" USING btree ("wallet","group_seq","leg_index","seq");--> statement-breakpoint
CREATE INDEX "activity_wallet_plan_idx" ON "activity" USING btree ("wallet","plan_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_wallet_seq_idx" ON "ledger_entries" USING btree ("wallet","seq");
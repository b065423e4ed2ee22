CREATE TABLE "autopilot_settings" (
	"wallet" text PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"enabled_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autopilot_decisions" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"wallet" text NOT NULL,
	"chain" text NOT NULL,
	"trigger" text NOT NULL,
	"action" text NOT NULL,
	"current_venue_id" text,
	"current_apy30d_bps" integer,
	"pick_venue_id" text,
	"pick_apy30d_bps" integer,
	"delta_bps" integer,
	"threshold_bps" integer NOT NULL,
	"target_venue_id" text,
	"source" text,
	"as_of" timestamp with time zone,
	"reason" text NOT NULL,
	"plan" jsonb,
	"decided_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autopilot_decisions_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "wallet_auto_yield" (
	"wallet" text PRIMARY KEY NOT NULL,
	"auto_yield_enabled" boolean DEFAULT false NOT NULL,
	"target_venue" text,
	"max_stake_micros" numeric(78, 0),
	"enabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "characters" (
	"id" text PRIMARY KEY NOT NULL,
	"wallet" text NOT NULL,
	"name" text NOT NULL,
	"chain" text NOT NULL,
	"fan_credit_liability_micros" numeric(78, 0) DEFAULT 0 NOT NULL,
	"conditioned_tranches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"storage_bill_micros" numeric(78, 0) DEFAULT 0 NOT NULL,
	"storage_renewal_due_at" timestamp with time zone,
	"auto_yield_enabled" boolean DEFAULT false NOT NULL,
	"target_venue" text,
	"max_stake_micros" numeric(78, 0),
	"allowed_venues" jsonb,
	"min_tvl_usd" integer,
	"enabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "characters_wallet_unique" UNIQUE("wallet"),
	CONSTRAINT "characters_liability_nonneg" CHECK ("characters"."fan_credit_liability_micros" >= 0),
	CONSTRAINT "characters_bill_nonneg" CHECK ("characters"."storage_bill_micros" >= 0),
	CONSTRAINT "characters_max_stake_nonneg" CHECK ("characters"."max_stake_micros" is null or "characters"."max_stake_micros" >= 0)
);
--> statement-breakpoint
CREATE INDEX "autopilot_decisions_wallet_idx" ON "autopilot_decisions" USING btree ("wallet","seq");
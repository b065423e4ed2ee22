CREATE TABLE "position_checks" (
	"wallet" text NOT NULL,
	"chain" text NOT NULL,
	"token" text NOT NULL,
	"venue_id" text NOT NULL,
	"status" text NOT NULL,
	"recorded_micros" numeric(78, 0) NOT NULL,
	"expected_micros" numeric(78, 0),
	"chain_micros" numeric(78, 0),
	"drift_micros" numeric(78, 0),
	"reason" text,
	"source" text,
	"checked_at" timestamp with time zone NOT NULL,
	"drift_since" timestamp with time zone,
	CONSTRAINT "position_checks_wallet_chain_token_venue_id_pk" PRIMARY KEY("wallet","chain","token","venue_id"),
	CONSTRAINT "position_checks_drift_has_figures" CHECK ("position_checks"."status" <> 'drift' or ("position_checks"."chain_micros" is not null and "position_checks"."drift_micros" is not null))
);
--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "out_token" text;
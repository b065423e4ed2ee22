CREATE TABLE "venue_apys" (
	"venue_id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"pool" text,
	"gross_apy_bps" integer,
	"apy30d_bps" integer,
	"tvl_usd" double precision,
	"as_of" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yield_snapshots" (
	"source" text PRIMARY KEY NOT NULL,
	"as_of" timestamp with time zone,
	"pools" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"upstream_rows" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text
);

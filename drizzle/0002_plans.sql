CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"chain" text NOT NULL,
	"owner" text,
	"strategy_id" text,
	"amount_micros" bigint NOT NULL,
	"dest_chain" text,
	"dest_address" text,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "plans_owner_created_idx" ON "plans" USING btree ("owner","created_at");--> statement-breakpoint
CREATE INDEX "plans_kind_created_idx" ON "plans" USING btree ("kind","created_at");
ALTER TABLE "activity" ADD COLUMN "tx_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "balances" ADD COLUMN "tx_confirmed_at" timestamp with time zone;
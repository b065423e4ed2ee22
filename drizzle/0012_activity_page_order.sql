DROP INDEX "activity_wallet_order_idx";--> statement-breakpoint
CREATE INDEX "activity_wallet_page_idx" ON "activity" USING btree ("wallet","group_seq" DESC NULLS FIRST,"leg_index","seq");
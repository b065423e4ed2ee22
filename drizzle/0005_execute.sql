CREATE TABLE "plan_executions" (
	"plan_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"chain" text NOT NULL,
	"tx_id" text,
	"status" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "plan_executions_chain_tx_uq" ON "plan_executions" USING btree ("chain","tx_id");--> statement-breakpoint
CREATE INDEX "plan_executions_kind_idx" ON "plan_executions" USING btree ("kind","created_at");
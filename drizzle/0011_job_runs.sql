CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"runs" bigint NOT NULL,
	"last_started_at" timestamp with time zone NOT NULL,
	"last_finished_at" timestamp with time zone
);

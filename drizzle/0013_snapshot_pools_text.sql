-- The snapshot's pools as JSON text stored uncompressed out of line (issue 28): jsonb's parse on write and the TOAST
-- compression of ~1 MB were most of an ingest's time, and nothing queries inside the pools.
ALTER TABLE "yield_snapshots" ALTER COLUMN "pools" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "yield_snapshots" ALTER COLUMN "pools" SET DATA TYPE text USING "pools"::text;--> statement-breakpoint
ALTER TABLE "yield_snapshots" ALTER COLUMN "pools" SET DEFAULT '[]';--> statement-breakpoint
ALTER TABLE "yield_snapshots" ALTER COLUMN "pools" SET STORAGE EXTERNAL;

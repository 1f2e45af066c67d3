ALTER TABLE "contests" ADD COLUMN "lock_time" bigint;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "pending_text" jsonb;
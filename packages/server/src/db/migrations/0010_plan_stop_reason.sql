ALTER TABLE "game_plans" ADD COLUMN "stop_reason" text;--> statement-breakpoint
ALTER TABLE "game_plans" ADD COLUMN "stop_account" integer;--> statement-breakpoint
ALTER TABLE "game_plans" ADD COLUMN "stop_time" bigint;

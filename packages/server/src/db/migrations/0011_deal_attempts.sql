ALTER TABLE "games" ADD COLUMN "hand_attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_hands" ADD COLUMN "attempt" integer DEFAULT 0 NOT NULL;

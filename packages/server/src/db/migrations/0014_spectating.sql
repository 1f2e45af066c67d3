-- Spectating: how long a tournament's spectators wait behind the table (seconds, 0–600), and whether anyone
-- logged in may watch its games (beyond its creator, admins and observer roster).
ALTER TABLE "contests" ADD COLUMN "spectate_delay" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "public_spectating" integer DEFAULT 0 NOT NULL;

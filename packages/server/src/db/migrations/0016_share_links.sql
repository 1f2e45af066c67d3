CREATE TABLE "share_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" integer NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"options" jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"creator_id" integer NOT NULL,
	"create_time" bigint NOT NULL,
	"revoke_time" bigint,
	CONSTRAINT "share_links_unique_id_contests_unique_id_fk" FOREIGN KEY ("unique_id") REFERENCES "public"."contests"("unique_id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_token_hash_key" ON "share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "share_links_contest_idx" ON "share_links" USING btree ("unique_id","id");--> statement-breakpoint
CREATE TABLE "game_moments" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_uuid" text NOT NULL,
	"at" bigint NOT NULL,
	"hand" integer NOT NULL,
	"kind" text NOT NULL,
	"progress" jsonb NOT NULL,
	"riichi" jsonb NOT NULL,
	"result" jsonb,
	CONSTRAINT "game_moments_game_uuid_games_uuid_fk" FOREIGN KEY ("game_uuid") REFERENCES "public"."games"("uuid") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX "game_moments_game_at_idx" ON "game_moments" USING btree ("game_uuid","at","id");

ALTER TABLE "accounts" ADD COLUMN "zone" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "rated" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "player_levels" (
	"account_id" integer NOT NULL,
	"type" integer NOT NULL,
	"level" integer NOT NULL,
	"points" integer NOT NULL,
	"update_time" bigint NOT NULL,
	CONSTRAINT "player_levels_account_id_type_pk" PRIMARY KEY("account_id","type"),
	CONSTRAINT "player_levels_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE TABLE "level_games" (
	"record_uuid" text NOT NULL,
	"account_id" integer NOT NULL,
	"type" integer NOT NULL,
	"place" integer NOT NULL,
	"level_before" integer NOT NULL,
	"points_before" integer NOT NULL,
	"level_after" integer NOT NULL,
	"points_after" integer NOT NULL,
	"time" bigint NOT NULL,
	CONSTRAINT "level_games_record_uuid_account_id_pk" PRIMARY KEY("record_uuid","account_id"),
	CONSTRAINT "level_games_record_uuid_game_records_uuid_fk" FOREIGN KEY ("record_uuid") REFERENCES "public"."game_records"("uuid") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "level_games_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX "level_games_account_idx" ON "level_games" USING btree ("account_id","time");

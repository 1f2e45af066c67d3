CREATE TABLE "game_hands" (
	"game_uuid" text NOT NULL,
	"hand" integer NOT NULL,
	"result" jsonb NOT NULL,
	"log" jsonb NOT NULL,
	CONSTRAINT "game_hands_game_uuid_hand_pk" PRIMARY KEY("game_uuid","hand")
);
--> statement-breakpoint
CREATE TABLE "game_plans" (
	"uuid" text PRIMARY KEY NOT NULL,
	"unique_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"state" integer NOT NULL,
	"start_time" bigint NOT NULL,
	"shuffle_seat" integer NOT NULL,
	"ai_level" integer NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"create_time" bigint NOT NULL,
	"creator_id" integer,
	"game_uuid" text
);
--> statement-breakpoint
CREATE TABLE "game_records" (
	"uuid" text PRIMARY KEY NOT NULL,
	"unique_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"start_time" bigint NOT NULL,
	"end_time" bigint NOT NULL,
	"tag" text DEFAULT '' NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"round_type" integer NOT NULL,
	"detail_rule" jsonb NOT NULL,
	"seats" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"log" jsonb NOT NULL,
	"seed" text NOT NULL,
	"commitment" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"uuid" text PRIMARY KEY NOT NULL,
	"unique_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"plan_uuid" text,
	"state" integer NOT NULL,
	"tag" text DEFAULT '' NOT NULL,
	"round_type" integer NOT NULL,
	"detail_rule" jsonb NOT NULL,
	"ai_level" integer NOT NULL,
	"seats" jsonb NOT NULL,
	"seed" text NOT NULL,
	"commitment" text NOT NULL,
	"start_time" bigint NOT NULL,
	"end_time" bigint,
	"hand" integer DEFAULT 0 NOT NULL,
	"hand_start" jsonb,
	"progress" jsonb,
	"update_time" bigint NOT NULL,
	"pause_until" bigint,
	"stop_reason" text
);
--> statement-breakpoint
CREATE TABLE "plan_seats" (
	"plan_uuid" text NOT NULL,
	"seat" integer NOT NULL,
	"account_id" integer NOT NULL,
	"init_points" integer NOT NULL,
	CONSTRAINT "plan_seats_plan_uuid_seat_pk" PRIMARY KEY("plan_uuid","seat")
);
--> statement-breakpoint
CREATE TABLE "record_marks" (
	"record_uuid" text NOT NULL,
	"unique_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"hand" integer NOT NULL,
	"seat" integer NOT NULL,
	"account_id" integer NOT NULL,
	"yiman" integer NOT NULL,
	"yaku" jsonb NOT NULL,
	"chang" integer NOT NULL,
	"ju" integer NOT NULL,
	"ben" integer NOT NULL,
	"start_time" bigint NOT NULL,
	CONSTRAINT "record_marks_record_uuid_hand_seat_pk" PRIMARY KEY("record_uuid","hand","seat")
);
--> statement-breakpoint
CREATE TABLE "record_players" (
	"record_uuid" text NOT NULL,
	"unique_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"seat" integer NOT NULL,
	"place" integer NOT NULL,
	"part_point" integer NOT NULL,
	"total_point" integer NOT NULL,
	"end_time" bigint NOT NULL,
	CONSTRAINT "record_players_record_uuid_seat_pk" PRIMARY KEY("record_uuid","seat")
);
--> statement-breakpoint
ALTER TABLE "game_hands" ADD CONSTRAINT "game_hands_game_uuid_games_uuid_fk" FOREIGN KEY ("game_uuid") REFERENCES "public"."games"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_plans" ADD CONSTRAINT "game_plans_unique_id_season_id_seasons_unique_id_season_id_fk" FOREIGN KEY ("unique_id","season_id") REFERENCES "public"."seasons"("unique_id","season_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_records" ADD CONSTRAINT "game_records_unique_id_season_id_seasons_unique_id_season_id_fk" FOREIGN KEY ("unique_id","season_id") REFERENCES "public"."seasons"("unique_id","season_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_unique_id_season_id_seasons_unique_id_season_id_fk" FOREIGN KEY ("unique_id","season_id") REFERENCES "public"."seasons"("unique_id","season_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_seats" ADD CONSTRAINT "plan_seats_plan_uuid_game_plans_uuid_fk" FOREIGN KEY ("plan_uuid") REFERENCES "public"."game_plans"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_marks" ADD CONSTRAINT "record_marks_record_uuid_game_records_uuid_fk" FOREIGN KEY ("record_uuid") REFERENCES "public"."game_records"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_players" ADD CONSTRAINT "record_players_record_uuid_game_records_uuid_fk" FOREIGN KEY ("record_uuid") REFERENCES "public"."game_records"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_plans_season_state_idx" ON "game_plans" USING btree ("unique_id","season_id","state","start_time");--> statement-breakpoint
CREATE INDEX "game_plans_waiting_idx" ON "game_plans" USING btree ("state","start_time");--> statement-breakpoint
CREATE INDEX "game_records_season_end_idx" ON "game_records" USING btree ("unique_id","season_id","end_time","uuid");--> statement-breakpoint
CREATE INDEX "games_season_state_idx" ON "games" USING btree ("unique_id","season_id","state");--> statement-breakpoint
CREATE INDEX "games_state_idx" ON "games" USING btree ("state");--> statement-breakpoint
CREATE INDEX "plan_seats_account_idx" ON "plan_seats" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "record_marks_season_idx" ON "record_marks" USING btree ("unique_id","season_id","start_time");--> statement-breakpoint
CREATE INDEX "record_players_account_idx" ON "record_players" USING btree ("unique_id","season_id","account_id","end_time");
CREATE TABLE "team_members" (
	"unique_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"create_time" bigint NOT NULL,
	CONSTRAINT "team_members_unique_id_season_id_account_id_pk" PRIMARY KEY("unique_id","season_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"name" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"modify_score" integer DEFAULT 0 NOT NULL,
	"modify_detail" text DEFAULT '' NOT NULL,
	"create_time" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_unique_id_season_id_seasons_unique_id_season_id_fk" FOREIGN KEY ("unique_id","season_id") REFERENCES "public"."seasons"("unique_id","season_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_members_team_idx" ON "team_members" USING btree ("team_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_season_name_key" ON "teams" USING btree ("unique_id","season_id","name");
CREATE TABLE "contest_observers" (
	"unique_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"create_time" bigint NOT NULL,
	CONSTRAINT "contest_observers_unique_id_account_id_pk" PRIMARY KEY("unique_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "season_account_lists" (
	"unique_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"list" integer NOT NULL,
	"account_id" integer NOT NULL,
	"create_time" bigint NOT NULL,
	CONSTRAINT "season_account_lists_unique_id_season_id_list_account_id_pk" PRIMARY KEY("unique_id","season_id","list","account_id")
);
--> statement-breakpoint
CREATE TABLE "season_players" (
	"unique_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"state" integer NOT NULL,
	"nickname" text,
	"remark" text DEFAULT '' NOT NULL,
	"create_time" bigint NOT NULL,
	"update_time" bigint NOT NULL,
	CONSTRAINT "season_players_unique_id_season_id_account_id_pk" PRIMARY KEY("unique_id","season_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "chat_limit_type" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_observers" ADD CONSTRAINT "contest_observers_unique_id_contests_unique_id_fk" FOREIGN KEY ("unique_id") REFERENCES "public"."contests"("unique_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_observers" ADD CONSTRAINT "contest_observers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_account_lists" ADD CONSTRAINT "season_account_lists_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_account_lists" ADD CONSTRAINT "season_account_lists_unique_id_season_id_seasons_unique_id_season_id_fk" FOREIGN KEY ("unique_id","season_id") REFERENCES "public"."seasons"("unique_id","season_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_players" ADD CONSTRAINT "season_players_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_players" ADD CONSTRAINT "season_players_unique_id_season_id_seasons_unique_id_season_id_fk" FOREIGN KEY ("unique_id","season_id") REFERENCES "public"."seasons"("unique_id","season_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "season_players_state_idx" ON "season_players" USING btree ("unique_id","season_id","state","create_time");--> statement-breakpoint
CREATE INDEX "season_players_account_idx" ON "season_players" USING btree ("account_id");
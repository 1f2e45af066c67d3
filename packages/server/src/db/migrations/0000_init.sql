CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"nickname" text NOT NULL,
	"password_hash" text,
	"currency" integer DEFAULT 0 NOT NULL,
	"can_create" boolean DEFAULT true NOT NULL,
	"is_operator" boolean DEFAULT false NOT NULL,
	"create_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"create_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"ip" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bans" (
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"create_time" bigint NOT NULL,
	CONSTRAINT "bans_kind_value_pk" PRIMARY KEY("kind","value")
);
--> statement-breakpoint
CREATE TABLE "contest_admins" (
	"unique_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"create_time" bigint NOT NULL,
	CONSTRAINT "contest_admins_unique_id_account_id_pk" PRIMARY KEY("unique_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "contests" (
	"unique_id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"open" integer DEFAULT 1 NOT NULL,
	"show_zones" jsonb NOT NULL,
	"available_zones" jsonb NOT NULL,
	"i18n_switch" integer DEFAULT 0 NOT NULL,
	"observer_switch" integer DEFAULT 0 NOT NULL,
	"check_state" integer DEFAULT 0 NOT NULL,
	"contest_type" integer DEFAULT 0 NOT NULL,
	"round_type" integer NOT NULL,
	"detail_rule" jsonb NOT NULL,
	"emoji_switch" integer DEFAULT 0 NOT NULL,
	"contest_setting" jsonb NOT NULL,
	"public_notice" jsonb NOT NULL,
	"private_notice" jsonb NOT NULL,
	"manager_notice" jsonb NOT NULL,
	"max_player_count" integer NOT NULL,
	"start_time" bigint NOT NULL,
	"finish_time" bigint NOT NULL,
	"create_time" bigint NOT NULL,
	"delete_time" bigint
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"unique_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"start_time" bigint NOT NULL,
	"end_time" bigint NOT NULL,
	"create_time" bigint NOT NULL,
	"close_time" bigint,
	"signup_type" integer NOT NULL,
	"signup_start_time" bigint NOT NULL,
	"signup_end_time" bigint NOT NULL,
	"auto_match" integer DEFAULT 0 NOT NULL,
	"match_start_time" bigint DEFAULT 0 NOT NULL,
	"match_end_time" bigint DEFAULT 0 NOT NULL,
	"rank_rule" integer DEFAULT 0 NOT NULL,
	"rank_type" integer DEFAULT 0 NOT NULL,
	"show_team_rank" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	CONSTRAINT "seasons_unique_id_season_id_pk" PRIMARY KEY("unique_id","season_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"create_time" bigint NOT NULL,
	"expire_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"send_time" bigint NOT NULL,
	"expire_time" bigint NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "verification_codes_email_purpose_pk" PRIMARY KEY("email","purpose")
);
--> statement-breakpoint
ALTER TABLE "contest_admins" ADD CONSTRAINT "contest_admins_unique_id_contests_unique_id_fk" FOREIGN KEY ("unique_id") REFERENCES "public"."contests"("unique_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_admins" ADD CONSTRAINT "contest_admins_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_creator_id_accounts_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_unique_id_contests_unique_id_fk" FOREIGN KEY ("unique_id") REFERENCES "public"."contests"("unique_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_key" ON "accounts" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_nickname_key" ON "accounts" USING btree ("nickname");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "contest_admins_account_idx" ON "contest_admins" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contests_contest_id_key" ON "contests" USING btree ("contest_id");--> statement-breakpoint
CREATE INDEX "contests_creator_idx" ON "contests" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account_id");
CREATE TABLE "season_chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"nickname" text NOT NULL,
	"organiser" integer DEFAULT 0 NOT NULL,
	"text" text,
	"stamp" integer,
	"create_time" bigint NOT NULL,
	"delete_time" bigint,
	"deleted_by" integer
);
--> statement-breakpoint
ALTER TABLE "season_chat_messages" ADD CONSTRAINT "season_chat_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_chat_messages" ADD CONSTRAINT "season_chat_messages_season_fk" FOREIGN KEY ("unique_id","season_id") REFERENCES "public"."seasons"("unique_id","season_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "season_chat_messages_season_idx" ON "season_chat_messages" USING btree ("unique_id","season_id","id");
CREATE TABLE "handoff_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"create_time" bigint NOT NULL,
	"expire_time" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "handoff_codes" ADD CONSTRAINT "handoff_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handoff_codes_account_idx" ON "handoff_codes" USING btree ("account_id");

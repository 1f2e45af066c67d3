CREATE TABLE "oidc_identities" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"account_id" integer NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"link_time" bigint NOT NULL,
	CONSTRAINT "oidc_identities_provider_subject_pk" PRIMARY KEY("provider","subject"),
	CONSTRAINT "oidc_identities_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_identities_account_provider_key" ON "oidc_identities" USING btree ("account_id","provider");--> statement-breakpoint
CREATE TABLE "oidc_requests" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"link_account_id" integer,
	"create_time" bigint NOT NULL,
	"expire_time" bigint NOT NULL,
	CONSTRAINT "oidc_requests_link_account_id_accounts_id_fk" FOREIGN KEY ("link_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX "oidc_requests_expire_idx" ON "oidc_requests" USING btree ("expire_time");

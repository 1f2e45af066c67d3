DROP INDEX "accounts_nickname_key";--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_nickname_key" ON "accounts" USING btree (lower("nickname"));
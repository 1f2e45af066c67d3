ALTER TABLE "games" ADD COLUMN "owner" text;

-- Delegated manager roles (spec §6): a manager of a tournament is an admin (1), a chat manager (2) or a player
-- manager (3). Managers appointed before roles existed stay admins.
ALTER TABLE "contest_admins" ADD COLUMN "role" integer DEFAULT 1 NOT NULL;

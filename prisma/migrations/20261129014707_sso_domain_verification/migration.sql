-- AlterTable
ALTER TABLE "sso_provider" ADD COLUMN     "domainVerified" BOOLEAN NOT NULL DEFAULT false;

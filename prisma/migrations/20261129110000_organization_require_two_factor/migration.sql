-- AlterTable
ALTER TABLE "organization" ADD COLUMN     "requireTwoFactor" BOOLEAN NOT NULL DEFAULT false;

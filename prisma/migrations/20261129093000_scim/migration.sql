-- CreateTable
CREATE TABLE "scim_token" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "providerId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "scim_token_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scim_user" (
    "organizationId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "providerId" TEXT NOT NULL,
    "userName" TEXT NOT NULL,
    "userNameLower" TEXT NOT NULL,
    "externalId" TEXT,
    "displayName" TEXT,
    "givenName" TEXT,
    "familyName" TEXT,
    "active" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "scim_user_pkey" PRIMARY KEY ("organizationId","userId")
);

-- CreateIndex
CREATE UNIQUE INDEX "scim_token_tokenHash_key" ON "scim_token"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "scim_token_organizationId_providerId_key" ON "scim_token"("organizationId", "providerId");

-- CreateIndex
CREATE INDEX "scim_user_userId_idx" ON "scim_user"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "scim_user_organizationId_userNameLower_key" ON "scim_user"("organizationId", "userNameLower");

-- AddForeignKey
ALTER TABLE "scim_token" ADD CONSTRAINT "scim_token_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scim_user" ADD CONSTRAINT "scim_user_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scim_user" ADD CONSTRAINT "scim_user_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

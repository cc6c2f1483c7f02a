-- CreateTable
CREATE TABLE "oauth_client" (
    "clientId" TEXT NOT NULL,
    "secretHash" TEXT,
    "userId" TEXT,
    "registrar" TEXT NOT NULL,
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "redirectUris" TEXT[],
    "tokenEndpointAuthMethod" TEXT NOT NULL,
    "grantTypes" TEXT[],
    "responseTypes" TEXT[],
    "type" TEXT NOT NULL,
    "name" TEXT,
    "uri" TEXT,
    "logoUri" TEXT,
    "scope" TEXT,
    "clientCredentialsScopes" TEXT[],
    "postLogoutRedirectUris" TEXT[],
    "enableEndSession" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "oauth_client_pkey" PRIMARY KEY ("clientId")
);

-- CreateTable
CREATE TABLE "oauth_consent" (
    "id" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "scopes" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "oauth_consent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oauth_access_token" (
    "id" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "userId" TEXT,
    "sessionId" TEXT,
    "familyId" TEXT,
    "scopes" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "oauth_access_token_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oauth_refresh_token" (
    "tokenHash" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "sessionId" TEXT,
    "scopes" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "rotatedAt" TIMESTAMP(3),
    "successorHash" TEXT,
    "sealedSuccessor" TEXT,

    CONSTRAINT "oauth_refresh_token_pkey" PRIMARY KEY ("tokenHash")
);

-- CreateTable
CREATE TABLE "oauth_revoked_family" (
    "familyId" TEXT NOT NULL,
    "revokedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "oauth_revoked_family_pkey" PRIMARY KEY ("familyId")
);

-- CreateTable
CREATE TABLE "oauth_authorization_code" (
    "codeHash" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "redirectUri" TEXT NOT NULL,
    "scopes" TEXT[],
    "nonce" TEXT,
    "codeChallenge" TEXT NOT NULL,
    "codeChallengeMethod" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "consumedAt" TIMESTAMP(3),

    CONSTRAINT "oauth_authorization_code_pkey" PRIMARY KEY ("codeHash")
);

-- CreateTable
CREATE TABLE "oauth_signing_key" (
    "id" TEXT NOT NULL,
    "algorithm" TEXT NOT NULL,
    "publicJwk" TEXT NOT NULL,
    "encryptedPrivateJwk" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "retiredAt" TIMESTAMP(3),
    "publishedUntil" TIMESTAMP(3),

    CONSTRAINT "oauth_signing_key_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "oauth_client_userId_createdAt_idx" ON "oauth_client"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "oauth_client_createdAt_idx" ON "oauth_client"("createdAt");

-- CreateIndex
CREATE INDEX "oauth_consent_clientId_idx" ON "oauth_consent"("clientId");

-- CreateIndex
CREATE UNIQUE INDEX "oauth_consent_userId_clientId_key" ON "oauth_consent"("userId", "clientId");

-- CreateIndex
CREATE INDEX "oauth_access_token_sessionId_idx" ON "oauth_access_token"("sessionId");

-- CreateIndex
CREATE INDEX "oauth_access_token_familyId_idx" ON "oauth_access_token"("familyId");

-- CreateIndex
CREATE INDEX "oauth_access_token_clientId_idx" ON "oauth_access_token"("clientId");

-- CreateIndex
CREATE INDEX "oauth_access_token_userId_idx" ON "oauth_access_token"("userId");

-- CreateIndex
CREATE INDEX "oauth_access_token_expiresAt_idx" ON "oauth_access_token"("expiresAt");

-- CreateIndex
CREATE INDEX "oauth_refresh_token_familyId_idx" ON "oauth_refresh_token"("familyId");

-- CreateIndex
CREATE INDEX "oauth_refresh_token_clientId_idx" ON "oauth_refresh_token"("clientId");

-- CreateIndex
CREATE INDEX "oauth_refresh_token_userId_idx" ON "oauth_refresh_token"("userId");

-- CreateIndex
CREATE INDEX "oauth_authorization_code_expiresAt_idx" ON "oauth_authorization_code"("expiresAt");

-- CreateIndex
CREATE INDEX "oauth_authorization_code_clientId_idx" ON "oauth_authorization_code"("clientId");

-- CreateIndex
CREATE INDEX "oauth_authorization_code_userId_idx" ON "oauth_authorization_code"("userId");

-- CreateIndex
CREATE INDEX "oauth_signing_key_retiredAt_createdAt_idx" ON "oauth_signing_key"("retiredAt", "createdAt");

-- AddForeignKey
ALTER TABLE "oauth_client" ADD CONSTRAINT "oauth_client_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_consent" ADD CONSTRAINT "oauth_consent_clientId_fkey" FOREIGN KEY ("clientId") REFERENCES "oauth_client"("clientId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_consent" ADD CONSTRAINT "oauth_consent_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_access_token" ADD CONSTRAINT "oauth_access_token_clientId_fkey" FOREIGN KEY ("clientId") REFERENCES "oauth_client"("clientId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_access_token" ADD CONSTRAINT "oauth_access_token_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_refresh_token" ADD CONSTRAINT "oauth_refresh_token_clientId_fkey" FOREIGN KEY ("clientId") REFERENCES "oauth_client"("clientId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_refresh_token" ADD CONSTRAINT "oauth_refresh_token_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_authorization_code" ADD CONSTRAINT "oauth_authorization_code_clientId_fkey" FOREIGN KEY ("clientId") REFERENCES "oauth_client"("clientId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_authorization_code" ADD CONSTRAINT "oauth_authorization_code_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

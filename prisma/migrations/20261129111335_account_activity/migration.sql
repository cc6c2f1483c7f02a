-- A user's recent security activity (GET /account-activity, issue 33): their own events
-- (targetUserId), newest first, one page and a count of the actions shown, read from this index
-- alone (the action is in it). PGlite and PostgreSQL alike.

-- CreateIndex
CREATE INDEX "audit_event_activity_idx" ON "audit_event"("targetUserId", "createdAt" DESC, "action");

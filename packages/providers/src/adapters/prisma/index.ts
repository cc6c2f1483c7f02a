// The provider flows store through identity's Prisma adapters (users, accounts, verification
// rows) and sessions' (sessions): this package has no table of its own, so nothing lives here.
export {};

import type { SqlHandle } from '@tend/database';
import type { ClaimsUser, ClaimsUserSource } from '../../provider/tokens.js';

const CLAIMS_USER_STATEMENT = 'tend_oauth_claims_user';
const CLAIMS_USER_SQL = 'SELECT "id", "email", "emailVerified", "name", "image", "updatedAt" FROM "user" WHERE "id" = $1';

/**
 * The claims of a user (ID tokens, userinfo) as one prepared statement on the `user` table's
 * primary key: only the columns OpenID Connect's standard claims are made of.
 */
export class SqlClaimsUsers implements ClaimsUserSource {
  constructor(private readonly sql: SqlHandle) {}

  async findById(userId: string): Promise<ClaimsUser | null> {
    const [row] = await this.sql.query<ClaimsUser>(CLAIMS_USER_STATEMENT, CLAIMS_USER_SQL, [userId]);
    return row ?? null;
  }
}

// The raw, driver-level query path beside Prisma, for the one or two statements on every
// request (the session lookup) where Prisma's per-query work shows. Everything else stays on
// Prisma. Statements here are written against the tables Prisma migrates, so they read the
// same values: `timestamp` columns (without time zone) hold UTC, as Prisma writes them.
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** One parameterised statement at a time, straight to the driver. */
export interface SqlHandle {
  /**
   * Runs one statement and answers its rows as objects keyed by column name. On PostgreSQL it
   * is a named prepared statement, parsed once per pooled connection: a `name` must always go
   * with the same `text`. `timestamp` columns are read as UTC Dates (as Prisma reads them),
   * whatever the process's time zone; other columns as the driver parses them (text, integer,
   * boolean and enum columns alike on both drivers).
   */
  query<R = Record<string, unknown>>(name: string, text: string, values: readonly unknown[]): Promise<R[]>;
}

const TIMESTAMP_OID = 1114;

/** `2026-06-01 12:00:00.123` (PostgreSQL's ISO output of a timestamp without time zone) as UTC. */
export function parseUtcTimestamp(text: string): Date {
  return new Date(`${text.replace(' ', 'T')}Z`);
}

/** node-postgres: named prepared statements on the pool Prisma's adapter uses too. */
export function pgSql(pool: pg.Pool): SqlHandle {
  const types: pg.CustomTypesConfig = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === TIMESTAMP_OID && format !== 'binary' ? parseUtcTimestamp : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
  };
  return {
    async query<R>(name: string, text: string, values: readonly unknown[]): Promise<R[]> {
      const result = await pool.query({ name, text, values: values as unknown[], types });
      return result.rows as R[];
    },
  };
}

/** PGlite: the same statement through the embedded database (one connection; no statement cache to name). */
export function pgliteSql(pglite: PGlite): SqlHandle {
  const options = { parsers: { [TIMESTAMP_OID]: parseUtcTimestamp } };
  return {
    async query<R>(_name: string, text: string, values: readonly unknown[]): Promise<R[]> {
      return (await pglite.query<R>(text, values as unknown[], options)).rows;
    },
  };
}

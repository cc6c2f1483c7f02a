/**
 * Escapes LIKE's wildcards (and its escape character) so a search matches its text literally:
 * Prisma passes contains/startsWith/endsWith values to LIKE as they are, and PostgreSQL's
 * default escape character is the backslash.
 */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

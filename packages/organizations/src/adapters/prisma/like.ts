/**
 * Escapes LIKE's wildcards (and its escape character) so a pattern matches its text literally:
 * Prisma passes contains / startsWith / endsWith values to LIKE as they are, and PostgreSQL's
 * default escape character is the backslash. (The admin package keeps its own copy: neither
 * depends on the other.)
 */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

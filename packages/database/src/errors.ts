/** True for a unique-constraint violation (Prisma P2002), the loser of a race on a unique key. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2002';
}

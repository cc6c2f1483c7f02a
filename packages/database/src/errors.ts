/** True for a unique-constraint violation (Prisma P2002), the loser of a race on a unique key. */
export function isUniqueViolation(error: unknown): boolean {
  return prismaCode(error) === 'P2002';
}

/** The columns a unique violation names, as far as the driver tells them. */
export function violatedFields(error: unknown): string {
  const meta = (error as { meta?: unknown }).meta;
  return meta ? JSON.stringify(meta) : '';
}

/** True when the record to update or delete does not exist (Prisma P2025). */
export function isNotFound(error: unknown): boolean {
  return prismaCode(error) === 'P2025';
}

function prismaCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

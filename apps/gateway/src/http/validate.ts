import type { Request } from 'express';
import { z } from 'zod';
import { AuthError } from '@tend/kernel';

function invalid(message: string, error: z.ZodError): AuthError {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return new AuthError(400, message, 'VALIDATION_ERROR', { issues });
}

/** The request body parsed by `schema`; 400 VALIDATION_ERROR "Invalid body parameters" listing the bad fields. */
export function parseBody<T extends z.ZodType>(schema: T, req: Request): z.infer<T> {
  const body: unknown = req.body ?? {};
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalid('Invalid body parameters', parsed.error);
  return parsed.data;
}

/** The query parsed by `schema`; 400 VALIDATION_ERROR "Invalid query parameters". */
export function parseQuery<T extends z.ZodType>(schema: T, req: Request): z.infer<T> {
  const parsed = schema.safeParse(req.query);
  if (!parsed.success) throw invalid('Invalid query parameters', parsed.error);
  return parsed.data;
}

/** A boolean query flag: "true"/"1" or "false"/"0". */
export const queryFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

// The error codes clients may receive, as one union: `switch (error.code)` narrows. The list is
// generated from the catalogues the gateway declares (error-codes.ts), and a gateway test keeps it so.
import { z } from 'zod';
import { ERROR_CODES } from './error-codes.js';

export { ERROR_CODES };

/** Every code a client may receive. Templated ones (`{field} is required`) end in `_IS_REQUIRED`. */
export type ErrorCode = (typeof ERROR_CODES)[number] | `${string}_IS_REQUIRED`;

/** The body of every error answer. */
export const errorBody = z
  .object({
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });

export type ErrorBody = z.infer<typeof errorBody> & { code: ErrorCode };

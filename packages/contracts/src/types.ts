import type { z } from 'zod';

/** What a client sends for a request schema (before the server's transforms). */
export type Input<S extends z.ZodType> = z.input<S>;
/** What a client receives for a response schema (JSON: dates are ISO strings). */
export type Output<S extends z.ZodType> = z.output<S>;

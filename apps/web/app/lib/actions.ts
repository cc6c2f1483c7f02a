// What actions answer to their page: errors and the values to type back in, or a confirmation.
import type { FormErrors } from './errors';

export interface ActionResult {
  errors?: FormErrors;
  /** Submitted values (never passwords) to refill the form. */
  values?: Partial<Record<string, string>>;
  /** A confirmation to show, e.g. 'saved'. */
  done?: string;
  /** Which form on the page answered, when a page has several. */
  intent?: string;
  /** Details a confirmation needs (an email address, a count). */
  detail?: string;
}

/** The status an action answers with when the gateway refused: 4xx passes through, anything else is 502. */
export function failureStatus(status: number): number {
  return status >= 400 && status < 500 ? status : 502;
}

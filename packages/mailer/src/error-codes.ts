import { defineErrors } from '@tend/kernel';

/**
 * The mailer's errors. The first three are the e-mail client messages of the spec (section 8,
 * "E-mail client"); every one is a 500, since a mail that cannot leave is the server's fault.
 */
export const MAILER_ERRORS = defineErrors({
  /** The provider credential is empty. */
  MISSING_API_KEY: { status: 500, message: 'Missing API key' },
  /** The provider answered, but did not accept the mail. */
  INTERNAL_SERVER_ERROR_WE_ARE_UNABLE_TO_PROCESS_YOUR_REQUEST_RIGHT_NOW_PLEASE_TRY_AGAIN_LATER: {
    status: 500,
    message: 'Internal server error. We are unable to process your request right now, please try again later.',
  },
  /** The provider could not be reached (network error, DNS, timeout). */
  UNABLE_TO_FETCH_DATA_THE_REQUEST_COULD_NOT_BE_RESOLVED: { status: 500, message: 'Unable to fetch data. The request could not be resolved.' },
  /** A template was given something it refuses to render (a link that is not http or https). */
  FAILED_TO_RENDER_EMAIL: { status: 500, message: 'Failed to render email' },
});

import { AuthError, defineErrors } from '@tend/kernel';

/** The webhooks' errors; every key is `codeOf(message)`. */
export const WEBHOOK_ERRORS = defineErrors({
  WEBHOOK_NOT_FOUND: { status: 404, message: 'Webhook not found' },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, message: 'Webhook delivery not found' },
  WEBHOOK_URL_NOT_ALLOWED: { status: 400, message: 'Webhook URL not allowed' },
});

/** 400 VALIDATION_ERROR "Invalid body parameters" naming one bad field (the gateway's own shape). */
export function invalidField(path: string, message: string): AuthError<'VALIDATION_ERROR'> {
  return new AuthError(400, 'Invalid body parameters', 'VALIDATION_ERROR', { issues: [{ path, message }] });
}

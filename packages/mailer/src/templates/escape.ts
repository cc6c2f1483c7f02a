import { raise } from '@tend/kernel';
import { MAILER_ERRORS } from '../error-codes.js';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes a value for HTML text and quoted attributes: `& < > " '`. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

/**
 * The absolute http(s) form of a link, or a 500 `Failed to render email`: a `javascript:` or
 * `data:` link in a mail would run or show whatever it carries. The error's `cause` says why,
 * without the link (it holds a token).
 */
export function httpUrl(value: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw renderingFailed('the link is not an absolute URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw renderingFailed(`the link scheme "${parsed.protocol}" is not http or https`);
  }
  return parsed.href;
}

/** One line of plain text: mail subjects must not carry line breaks. */
export function singleLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** The `Failed to render email` error, with the reason (never the link) as its cause. */
export function renderingFailed(reason: string): Error {
  const error = raise(MAILER_ERRORS.FAILED_TO_RENDER_EMAIL);
  error.cause = new TypeError(reason);
  return error;
}

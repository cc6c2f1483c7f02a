import { escapeHtml, httpUrl, renderingFailed, singleLine } from './escape.js';

export const PRODUCT_NAME = 'Tend';

/** A rendered mail: the subject and its HTML and plain-text twins. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** What a Tend mail says, all plain text: the layout escapes every value once. */
export interface MailContent {
  subject: string;
  /** The inbox preview line. */
  preheader: string;
  greeting: string;
  paragraphs: string[];
  /** The button and its link; a mail that carries a one-time code has none. */
  action?: { label: string; url: string };
  /** A one-time code to type in, shown large (instead of a link). */
  code?: { label: string; value: string };
  /** When the link (or code) stops working; a notice whose link never expires has none. */
  expiry?: string;
  /** What to do if the mail was not expected. */
  closing: string;
}

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const INK = '#2d3a36';
const MUTED = '#5f6b67';
const ACCENT = '#3d6b5f';
const PAGE = '#f4f1ec';

/** Renders a mail as table-based HTML with inline styles (what mail clients keep) and text. */
export function renderMail(content: MailContent): RenderedMail {
  if (!content.action === !content.code) throw renderingFailed('a mail carries either a link or a code');
  const url = content.action ? httpUrl(content.action.url) : null;
  const subject = singleLine(content.subject);
  return { subject, html: renderHtml(content, subject, url), text: renderText(content, url) };
}

/** "Hi Ada," or "Hi," when the name is blank. */
export function greetingFor(name: string): string {
  const trimmed = singleLine(name);
  return trimmed ? `Hi ${trimmed},` : 'Hi,';
}

/**
 * The greeting of a mail that carries `code`: a name holding a number of the code's length
 * ("Flat 123456", in any script's digits: "Flat １２３４５６") is left out, so the code stays the
 * only standalone number of its kind in the text.
 */
export function greetingBesideCode(name: string, code: string): string {
  return greetingFor(new RegExp(`(?<!\\p{Nd})\\p{Nd}{${code.length}}(?!\\p{Nd})`, 'u').test(name) ? '' : name);
}

/** "This link expires in 1 hour." with the unit made plural when needed. */
export function expiryLine(thing: 'link' | 'invitation' | 'code', amount: number, unit: 'minute' | 'hour' | 'day'): string {
  if (!Number.isFinite(amount) || amount <= 0) throw renderingFailed(`the expiry ${amount} is not a positive number`);
  return `This ${thing} expires in ${amount} ${amount === 1 ? unit : `${unit}s`}.`;
}

function renderHtml(content: MailContent, subject: string, url: string | null): string {
  const paragraph = (text: string, size = 16, color = INK) =>
    `<p style="margin:0 0 16px;font-family:${FONT};font-size:${size}px;line-height:1.6;color:${color};">${escapeHtml(text)}</p>`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${PAGE};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${PAGE};">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border-radius:12px;">
<tr><td style="padding:32px 32px 8px;font-family:${FONT};font-size:20px;font-weight:600;color:${ACCENT};">${PRODUCT_NAME}</td></tr>
<tr><td style="padding:16px 32px 0;">
${paragraph(content.greeting)}
${content.paragraphs.map((text) => paragraph(text)).join('\n')}
</td></tr>
${url ? actionHtml(content.action!.label, url, content.expiry ? paragraph(content.expiry, 14, MUTED) : '') : codeHtml(content.code!, content.expiry ? paragraph(content.expiry, 14, MUTED) : '')}
<tr><td style="padding:16px 32px 32px;border-top:1px solid #e8e4dd;">
${paragraph(content.closing, 13, MUTED)}
<p style="margin:0;font-family:${FONT};font-size:13px;line-height:1.6;color:${MUTED};">${PRODUCT_NAME}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** The button, the expiry and the link spelled out for clients that lose the button. */
function actionHtml(label: string, url: string, expiry: string): string {
  const href = escapeHtml(url);
  return `<tr><td style="padding:8px 32px 24px;">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td style="border-radius:8px;background-color:${ACCENT};">
<a href="${href}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(label)}</a>
</td>
</tr></table>
</td></tr>
<tr><td style="padding:0 32px 16px;">
${expiry}
<p style="margin:0 0 16px;font-family:${FONT};font-size:14px;line-height:1.6;color:${MUTED};">If the button does not work, copy this link into your browser:<br><a href="${href}" target="_blank" rel="noopener" style="color:${ACCENT};word-break:break-all;">${href}</a></p>
</td></tr>`;
}

/** A one-time code, large and spaced so it reads (and copies) at a glance, then the expiry. */
function codeHtml(code: { label: string; value: string }, expiry: string): string {
  return `<tr><td style="padding:8px 32px 8px;">
<p style="margin:0 0 8px;font-family:${FONT};font-size:14px;line-height:1.6;color:${MUTED};">${escapeHtml(code.label)}</p>
<p style="margin:0 0 16px;font-family:${FONT};font-size:32px;font-weight:700;letter-spacing:6px;color:${INK};">${escapeHtml(code.value)}</p>
</td></tr>
<tr><td style="padding:0 32px 16px;">
${expiry}
</td></tr>`;
}

function renderText(content: MailContent, url: string | null): string {
  return [
    content.greeting,
    ...content.paragraphs,
    url ? `${content.action!.label}:\n${url}` : `${content.code!.label}:\n${content.code!.value}`,
    ...(content.expiry ? [content.expiry] : []),
    content.closing,
    `— ${PRODUCT_NAME}`,
  ].join('\n\n') + '\n';
}

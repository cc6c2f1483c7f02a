// A fake of Resend's POST /emails on a real HTTP server, so the real SDK runs end to end in
// tests without the network. Its answers follow Resend's API (status, `name`, `message`).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';

/** A mail the fake accepted. */
export interface CapturedMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  html?: string;
  text?: string;
  tags: Array<{ name: string; value: string }>;
  /** The `Idempotency-Key` header, or null. */
  idempotencyKey: string | null;
  /** The `Authorization` header as received. */
  authorization: string;
}

/** Every request the fake answered, accepted or not. */
export interface FakeRequest {
  method: string;
  path: string;
  authorization: string | null;
  idempotencyKey: string | null;
  status: number;
}

export interface FakeResendOptions {
  /** The key the fake accepts as `Authorization: Bearer <key>`; default `re_test_key`. */
  apiKey?: string;
}

export interface FakeResend {
  /** The base URL to give the SDK (`http://127.0.0.1:<port>`). */
  url: string;
  apiKey: string;
  /** Accepted mails, oldest first. */
  mails: CapturedMail[];
  requests: FakeRequest[];
  /** Makes the next POST /emails answer `status` with `body` (JSON, or raw text for a string). */
  failNext(status: number, body?: unknown): void;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1_000_000;
const EMAIL = /^[^\s@<>",]+@[^\s@<>",]+\.[^\s@<>",]+$/;
const NAMED_EMAIL = /^[^<>]*<([^<>]+)>$/;
const TAG = /^[A-Za-z0-9_-]{1,256}$/;

/** Starts a fake Resend API on 127.0.0.1 at a random port. */
export async function startFakeResend(options: FakeResendOptions = {}): Promise<FakeResend> {
  const apiKey = options.apiKey ?? 're_test_key';
  const mails: CapturedMail[] = [];
  const requests: FakeRequest[] = [];
  const failures: Array<{ status: number; body: unknown }> = [];
  const idempotent = new Map<string, { payload: string; id: string }>();

  const server = createServer((request, response) => {
    void handle(request, response).catch(() => answer(response, 500, apiError(500, 'internal_server_error', 'Fake failure')));
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const authorization = request.headers.authorization ?? null;
    const idempotencyKey = header(request, 'idempotency-key');
    const reply = (status: number, body: unknown) => {
      requests.push({ method: request.method ?? '', path, authorization, idempotencyKey, status });
      answer(response, status, body);
    };
    const raw = await readBody(request);

    if (path !== '/emails') return reply(404, apiError(404, 'not_found', 'The requested endpoint does not exist.'));
    if (request.method !== 'POST') return reply(405, apiError(405, 'method_not_allowed', 'Method is not allowed for the requested path.'));
    if (!authorization) {
      return reply(401, apiError(401, 'missing_api_key', 'Missing API key in the authorization header.'));
    }
    if (authorization !== `Bearer ${apiKey}`) return reply(401, apiError(401, 'invalid_api_key', 'API key is invalid'));
    const failure = failures.shift();
    if (failure) return reply(failure.status, failure.body);
    if (raw === null) return reply(413, apiError(413, 'validation_error', 'The request body is too large.'));
    if (idempotencyKey !== null && (idempotencyKey.length === 0 || idempotencyKey.length > 256)) {
      return reply(400, apiError(400, 'invalid_idempotency_key', 'The key must be between 1-256 chars.'));
    }

    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new SyntaxError('not an object');
      body = parsed as Record<string, unknown>;
    } catch {
      return reply(422, apiError(422, 'validation_error', 'Invalid JSON body.'));
    }
    const invalid = validate(body);
    if (invalid) return reply(422, invalid);

    if (idempotencyKey !== null) {
      const seen = idempotent.get(idempotencyKey);
      if (seen && seen.payload !== raw) {
        return reply(409, apiError(409, 'invalid_idempotent_request', 'Same idempotency key used with a different request payload.'));
      }
      if (seen) return reply(200, { id: seen.id });
    }
    const id = randomUUID();
    if (idempotencyKey !== null) idempotent.set(idempotencyKey, { payload: raw, id });
    mails.push({
      id,
      from: body.from as string,
      to: recipients(body.to),
      subject: body.subject as string,
      ...(typeof body.html === 'string' ? { html: body.html } : {}),
      ...(typeof body.text === 'string' ? { text: body.text } : {}),
      tags: (body.tags as CapturedMail['tags'] | undefined) ?? [],
      idempotencyKey,
      authorization,
    });
    return reply(200, { id });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    mails,
    requests,
    failNext(status, body = apiError(status, 'application_error', 'Fake Resend failure')) {
      failures.push({ status, body });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        // fetch keeps connections alive; close them or the server never stops.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The first failing rule of Resend's POST /emails, as Resend words it, or null. */
function validate(body: Record<string, unknown>): Record<string, unknown> | null {
  if (body.from === undefined) return apiError(422, 'missing_required_field', 'Missing `from` field.');
  if (typeof body.from !== 'string' || !isAddress(body.from)) {
    return apiError(422, 'validation_error', 'Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.');
  }
  if (body.to === undefined) return apiError(422, 'missing_required_field', 'Missing `to` field.');
  const to = recipients(body.to);
  if (to.length === 0 || to.length > 50 || !to.every(isAddress)) {
    return apiError(422, 'validation_error', 'Invalid `to` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.');
  }
  if (body.subject === undefined) return apiError(422, 'missing_required_field', 'Missing `subject` field.');
  if (typeof body.subject !== 'string' || body.subject.length === 0) {
    return apiError(422, 'validation_error', 'Invalid `subject` field.');
  }
  if (typeof body.html !== 'string' && typeof body.text !== 'string') {
    return apiError(422, 'validation_error', 'Missing `html` or `text` field.');
  }
  const tags = body.tags ?? [];
  const validTags =
    Array.isArray(tags) &&
    tags.every((tag: { name?: unknown; value?: unknown }) => typeof tag?.name === 'string' && TAG.test(tag.name) && typeof tag.value === 'string' && TAG.test(tag.value));
  if (!validTags) {
    return apiError(422, 'validation_error', 'Tags should only contain ASCII letters, numbers, underscores, or dashes.');
  }
  return null;
}

function recipients(to: unknown): string[] {
  if (typeof to === 'string') return [to];
  return Array.isArray(to) && to.every((item) => typeof item === 'string') ? to : [];
}

function isAddress(value: string): boolean {
  return EMAIL.test(NAMED_EMAIL.exec(value.trim())?.[1]?.trim() ?? value.trim());
}

function apiError(statusCode: number, name: string, message: string): Record<string, unknown> {
  return { statusCode, name, message };
}

function header(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/** The body as text, or null past MAX_BODY_BYTES. */
async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent) return;
  const text = typeof body === 'string';
  response.writeHead(status, { 'content-type': text ? 'text/plain; charset=utf-8' : 'application/json' });
  response.end(text ? body : JSON.stringify(body));
}

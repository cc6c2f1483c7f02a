// A webhook receiver on 127.0.0.1 for the webhooks tests: it records every delivery and answers
// each with the status its `answer` function picks (0: never answers).
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
  // The data of every event type: tests narrow it with expect().
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: { type: string; timestamp: string; data: Record<string, any> };
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** The status of the next answers (default 204). */
  answer: (delivery: ReceivedDelivery) => number | Promise<number>;
  /** Polls until `check` holds (10 s at most). */
  until(check: (received: ReceivedDelivery[]) => boolean, what?: string): Promise<void>;
  ofType(type: string): ReceivedDelivery[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  const receiver: WebhookReceiver = {
    url: '',
    received,
    answer: () => 204,
    async until(check, what = 'the deliveries') {
      const deadline = Date.now() + 10_000;
      while (!check(received)) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; received ${received.map((r) => r.json.type).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    ofType: (type) => received.filter((delivery) => delivery.json.type === type),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const delivery = { headers: request.headers, body, json: JSON.parse(body) as ReceivedDelivery['json'] };
      void Promise.resolve(receiver.answer(delivery)).then((status) => {
        received.push(delivery);
        if (status !== 0) response.writeHead(status).end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  return receiver;
}

/** Webhook settings for tests: loopback receivers allowed, a quick poll and a short schedule. */
export const webhookTestSettings = (overrides: Record<string, unknown> = {}) => ({
  webhooks: { timeoutMs: 2_000, retrySchedule: [5, 300], allowPrivateNetworks: true, pollIntervalMs: 100, retentionDays: 30, ...overrides },
});

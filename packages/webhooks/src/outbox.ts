import type { Clock, DomainEvent, EventRecorder, Transactions } from '@tend/kernel';
import type { EventBody } from './entities.js';
import type { DeliveryQueue } from './ports.js';

export interface OutboxDeps {
  transactions: Transactions;
  queue: Pick<DeliveryQueue, 'enqueue'>;
  clock: Clock;
  /** Called after a commit that enqueued deliveries: wakes this instance's worker at once. */
  enqueued?: () => void;
}

/**
 * The transactional outbox: runs a change and writes a delivery of each of its events for every
 * subscribed webhook in the change's transaction. A change that rolls back (or throws) leaves no
 * delivery; a committed one leaves them for any instance's worker, whatever happens to this one.
 */
export class OutboxEventRecorder implements EventRecorder {
  constructor(private readonly deps: OutboxDeps) {}

  async record<T>(work: () => Promise<T>, events: (result: T) => readonly DomainEvent[]): Promise<T> {
    const { transactions, queue, clock } = this.deps;
    let enqueued = 0;
    const result = await transactions.run(async () => {
      const value = await work();
      const now = clock.now();
      for (const event of events(value)) {
        const body: EventBody = { type: event.type, timestamp: now.toISOString(), data: event.data };
        enqueued += await queue.enqueue({ type: event.type, payload: JSON.stringify(body) }, now);
      }
      return value;
    });
    if (enqueued > 0) this.deps.enqueued?.();
    return result;
  }
}

/**
 * What happened, as the other services of the app hear of it (`user.deleted`…): a type a module
 * declares and its data. Delivered by the webhooks module's outbox (docs/webhooks.md).
 */
export interface DomainEvent {
  readonly type: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/**
 * Records the events of a change in the change's own transaction: `record(work, events)` runs
 * `work` and writes `events(result)` with it, so a change that rolls back emits nothing and a
 * committed one is never lost. Without a sink (no webhooks module) it just runs `work`.
 */
export interface EventRecorder {
  record<T>(work: () => Promise<T>, events: (result: T) => readonly DomainEvent[]): Promise<T>;
}

/** The recorder of a gateway without an event sink (and of unit tests): the change alone. */
export const noEvents: EventRecorder = { record: (work) => work() };

/** Runs work in one database transaction (or in the one already around it). */
export interface Transactions {
  run<T>(work: () => Promise<T>): Promise<T>;
}

/** Memory adapters have no transactions: the work just runs. */
export const noTransactions: Transactions = { run: (work) => work() };

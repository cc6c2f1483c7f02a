import type { Logger } from '@tend/kernel';

type LogFields = Record<string, unknown>;

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  message: string;
  fields?: LogFields;
}

/** A logger that keeps its entries, to assert what is logged and what never is. */
export class RecordingLogger implements Logger {
  readonly entries: LogEntry[] = [];

  info(message: string, fields?: LogFields): void {
    this.entries.push({ level: 'info', message, ...(fields ? { fields } : {}) });
  }

  warn(message: string, fields?: LogFields): void {
    this.entries.push({ level: 'warn', message, ...(fields ? { fields } : {}) });
  }

  error(message: string, fields?: LogFields): void {
    this.entries.push({ level: 'error', message, ...(fields ? { fields } : {}) });
  }

  /** Every entry as one JSON text, to search for a token or a link. */
  dump(): string {
    return JSON.stringify(this.entries);
  }
}

import type { Logger } from '@tend/kernel';

export interface LogLine {
  readonly level: 'info' | 'warn' | 'error';
  readonly message: string;
  readonly context?: Record<string, unknown> | undefined;
}

/** A logger that keeps its lines; for tests. */
export class RecordingLogger implements Logger {
  readonly lines: LogLine[] = [];

  info(message: string, context?: Record<string, unknown>): void {
    this.lines.push({ level: 'info', message, context });
  }

  warn(message: string, context?: Record<string, unknown>): void {
    this.lines.push({ level: 'warn', message, context });
  }

  error(message: string, context?: Record<string, unknown>): void {
    this.lines.push({ level: 'error', message, context });
  }

  levels(): Array<LogLine['level']> {
    return this.lines.map((line) => line.level);
  }
}

import { createMemoryTables } from '@tend/kernel';
import { MemoryAuditLog } from '../adapters/memory/memory-audit-log.js';
import { newAuditEvent, type AuditEvent } from './audit-event.js';
import type { AuditLog } from './audit-log.port.js';
import { BufferedAuditLog } from './buffered-audit-log.js';

const at = new Date(Date.UTC(2026, 0, 1));
const event = (action: AuditEvent['action'] = 'user.ban') => newAuditEvent({ action, actorId: 'a', targetUserId: 'b' }, at);

function recordingLogger() {
  const lines: Array<{ level: string; message: string; fields?: Record<string, unknown> }> = [];
  const log = (level: string) => (message: string, fields?: Record<string, unknown>) => void lines.push({ level, message, fields });
  return { lines, logger: { info: log('info'), warn: log('warn'), error: log('error') } };
}

/** An inner log whose writes wait until released, to show the caller never waits. */
class GatedLog implements AuditLog {
  written: AuditEvent[] = [];
  private release: () => void = () => undefined;
  private gate = new Promise<void>((resolve) => (this.release = resolve));
  async record(e: AuditEvent) {
    await this.gate;
    this.written.push(e);
  }
  async list() {
    return { events: this.written, total: this.written.length };
  }
  open() {
    this.release();
  }
}

describe('BufferedAuditLog', () => {
  it('answers before the inner write happens, and writes in order once it can', async () => {
    const inner = new GatedLog();
    const log = new BufferedAuditLog(inner);
    const first = event('user.ban');
    const second = event('user.unban');
    await log.record(first);
    await log.record(second);
    expect(inner.written).toEqual([]);
    inner.open();
    await log.flush();
    expect(inner.written.map((e) => e.id)).toEqual([first.id, second.id]);
    expect(log.pending).toBe(0);
  });

  it('never fails the caller: a failing write is logged and the next one still goes in', async () => {
    const tables = createMemoryTables();
    const memory = new MemoryAuditLog(tables);
    const { lines, logger } = recordingLogger();
    const log = new BufferedAuditLog(memory, logger);
    const e = event();
    await log.record(e);
    await log.record(e); // same id twice: the memory log refuses the second
    await log.record(event('user.unban'));
    await log.flush();
    expect((await log.list({ limit: 10, offset: 0 })).total).toBe(2);
    expect(lines).toEqual([{ level: 'error', message: 'audit event not recorded', fields: expect.objectContaining({ action: 'user.ban', eventId: e.id }) }]);
  });

  it('drops new events past maxQueue with a warning, keeping memory bounded', async () => {
    const inner = new GatedLog();
    const { lines, logger } = recordingLogger();
    const log = new BufferedAuditLog(inner, logger, { maxQueue: 2 });
    for (let i = 0; i < 6; i += 1) await log.record(event());
    // One write in flight (held at the gate), two waiting, three dropped.
    expect(log.pending).toBe(2);
    expect(log.droppedCount).toBe(3);
    expect(lines.filter((line) => line.level === 'warn').map((line) => line.fields?.dropped)).toEqual([1, 2]);
    inner.open();
    await log.flush();
    expect(inner.written).toHaveLength(3);
  });

  it('redacts the detail of events made without newAuditEvent', async () => {
    const tables = createMemoryTables();
    const log = new BufferedAuditLog(new MemoryAuditLog(tables));
    await log.record({ ...event(), detail: { token: 'secret', reason: 'spam' } as never });
    await log.flush();
    expect((await log.list({ limit: 1, offset: 0 })).events[0]?.detail).toEqual({ reason: 'spam' });
  });
});

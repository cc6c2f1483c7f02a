import { uuid, type IdGenerator } from '@tend/kernel';
import type { Actor } from '../actor.js';
import { redactDetail, type AuditDetail } from './redact.js';

/**
 * The actions this package records itself. Every feature names its own (a dotted name such as
 * `organization.member.add`) and the gateway's modules declare them with their labels.
 */
export const ADMIN_AUDIT_ACTIONS = [
  'user.create',
  'user.remove',
  'user.ban',
  'user.unban',
  'user.role.change',
  'user.password.set',
  'impersonation.start',
  'impersonation.stop',
  'session.revoke',
] as const;

/** An audit action: a dotted name (`sign-in.success`, `user.ban`). */
export type AuditAction = string;

/** One line of the audit log: who did what to whom, from where. */
export interface AuditEvent {
  id: string;
  /** The user who acted; null for anonymous attempts (a failed sign-in). */
  actorId: string | null;
  /** The user acted upon. Both ids are kept after that user is removed. */
  targetUserId: string | null;
  organizationId: string | null;
  action: AuditAction;
  ipAddress: string | null;
  userAgent: string | null;
  /** A small JSON record, never secrets (see redactDetail). */
  detail: AuditDetail | null;
  createdAt: Date;
}

/** What a caller says about an event; the rest is filled in by newAuditEvent. */
export interface AuditEventInput {
  action: AuditAction;
  actorId?: string | null;
  targetUserId?: string | null;
  organizationId?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  detail?: Record<string, unknown> | null;
}

/** The one way to make an event: id, time, nulls for what is absent, and a redacted detail. */
export function newAuditEvent(input: AuditEventInput, now: Date, newId: IdGenerator = uuid): AuditEvent {
  return {
    id: newId(),
    actorId: input.actorId ?? null,
    targetUserId: input.targetUserId ?? null,
    organizationId: input.organizationId ?? null,
    action: input.action,
    ipAddress: input.ipAddress ?? null,
    userAgent: input.userAgent ?? null,
    detail: redactDetail(input.detail),
    createdAt: now,
  };
}

/**
 * An event an admin's actor caused: the actor's id, address and user agent; an action taken
 * while impersonating names the admin behind it in the detail.
 */
export function actorEvent(actor: Actor, event: Omit<AuditEventInput, 'actorId' | 'ipAddress' | 'userAgent'>, now: Date): AuditEvent {
  const detail = actor.impersonatedBy ? { ...event.detail, impersonatedBy: actor.impersonatedBy } : event.detail;
  return newAuditEvent({ ...event, detail, actorId: actor.userId, ipAddress: actor.ipAddress, userAgent: actor.userAgent }, now);
}

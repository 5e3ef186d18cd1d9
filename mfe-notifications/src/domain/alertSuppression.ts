import { NEW_NOTIFICATION_SUPPRESSION_MS } from '@originate/contract';

/**
 * Whether a new notification may alert (toast and sound) at `now`, given when the last alert fired.
 * Spec section 4: further alerts are suppressed for NEW_NOTIFICATION_SUPPRESSION_MS after one.
 */
export function shouldAlert(lastAlertAt: number | null, now: number): boolean {
  return lastAlertAt === null || now - lastAlertAt >= NEW_NOTIFICATION_SUPPRESSION_MS;
}

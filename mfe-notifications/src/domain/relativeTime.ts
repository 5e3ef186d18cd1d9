import { formatDate } from '@originate/shared';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Time text of a notification relative to `now`; older than a week falls back to DD/MM/YYYY. */
export function relativeTime(createdAT: string, now: number): string {
  const at = Date.parse(createdAT);
  if (Number.isNaN(at)) return '';
  const age = Math.max(0, now - at);
  if (age < MINUTE) return 'Just now';
  if (age < HOUR) {
    const m = Math.floor(age / MINUTE);
    return `${m} min ago`;
  }
  if (age < DAY) {
    const h = Math.floor(age / HOUR);
    return `${h} ${h === 1 ? 'hour' : 'hours'} ago`;
  }
  if (age < 2 * DAY) return 'Yesterday';
  if (age < 7 * DAY) return `${Math.floor(age / DAY)} days ago`;
  return formatDate(at);
}

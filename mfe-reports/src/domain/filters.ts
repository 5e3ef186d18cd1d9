// The filter bar's state and what each route is asked from it (reportSchemas.ts: closed objects, so an
// unset choice is left out, never sent empty). Pure.
import {
  bankDayOf,
  type CountByRangeBody,
  checkBucketCount,
  REPORT_INTERVALS,
  type ReportBody,
  type ReporteeDetails,
  type ReportFilter,
  type ReportInterval,
  type TargetQuery,
  type UserRangeBody,
} from '@originate/contract';
import { monthOf, monthStartOf } from './dates';

/** What the filter bar holds; '' is "any". */
export interface FilterState {
  from: string;
  to: string;
  productCode: string;
  teamId: string;
  userId: string;
}

/** This month so far in the bank's days (its configured zone, set at boot): the first of the month to today. */
export function defaultFilter(now: Date | number): FilterState {
  const today = bankDayOf(now);
  return { from: monthStartOf(today), to: today, productCode: '', teamId: '', userId: '' };
}

/** The filter as the server takes it. */
function toReportFilter(state: FilterState): ReportFilter {
  const filter: ReportFilter = { from: state.from, to: state.to };
  if (state.productCode) filter.productCode = state.productCode;
  if (state.teamId) filter.teamId = state.teamId;
  if (state.userId) filter.userId = state.userId;
  return filter;
}

export const reportBody = (state: FilterState): ReportBody => ({ filter: toReportFilter(state) });

export const countByRangeBody = (state: FilterState, interval: ReportInterval): CountByRangeBody => ({
  filter: toReportFilter(state),
  interval,
});

/**
 * Targets are monthly: the month the range ends in (a range of this month shows this month's targets).
 * Products do not apply to targets; the team or user do.
 */
export function targetQuery(state: FilterState): TargetQuery {
  const query: TargetQuery = { month: monthOf(state.to) };
  if (state.teamId) query.teamId = state.teamId;
  if (state.userId) query.userId = state.userId;
  return query;
}

/** One user's applications of the range (the per-user flow report). */
export const userRangeBody = (state: FilterState, userId: string): UserRangeBody => ({
  userId,
  from: state.from,
  to: state.to,
});

/** Team and user pickers show only when the scope is wider than one's own. */
export const showsScopePickers = (details: ReporteeDetails | undefined) =>
  details !== undefined && details.scope !== 'OWN';

/** The users a picker offers: the scope's users, narrowed to the chosen team's members. */
export function usersInScope(details: ReporteeDetails, teamId: string): ReporteeDetails['users'] {
  const users = teamId ? details.users.filter((user) => user.teamIds.includes(teamId)) : details.users;
  return [...users].sort((a, b) => a.displayName.localeCompare(b.displayName));
}

/** A new team keeps the chosen user only if they are its member. */
export function withTeam(state: FilterState, details: ReporteeDetails, teamId: string): FilterState {
  const keepsUser = state.userId !== '' && usersInScope(details, teamId).some((u) => u.userid === state.userId);
  return { ...state, teamId, userId: keepsUser ? state.userId : '' };
}

/**
 * The intervals "applications over time" may be asked in for a range: the server answers at most
 * REPORT_MAX_BUCKETS buckets (contract checkBucketCount), so a range of more days has no daily view.
 */
export function allowedIntervals(state: Pick<FilterState, 'from' | 'to'>): ReportInterval[] {
  return REPORT_INTERVALS.filter((interval) => checkBucketCount(state.from, state.to, interval).length === 0);
}

/** The chosen interval if the range allows it, else the finest one it does. */
export function effectiveInterval(state: Pick<FilterState, 'from' | 'to'>, chosen: ReportInterval): ReportInterval {
  const allowed = allowedIntervals(state);
  return allowed.includes(chosen) ? chosen : (allowed[0] ?? 'month');
}

import type { ReporteeDetails } from '@originate/contract';
import {
  allowedIntervals,
  countByRangeBody,
  defaultFilter,
  effectiveInterval,
  reportBody,
  showsScopePickers,
  targetQuery,
  userRangeBody,
  usersInScope,
  withTeam,
} from './filters';

const details: ReporteeDetails = {
  scope: 'TEAM',
  teams: [
    { id: 't1', name: 'North', type: 'HIERARCHY' },
    { id: 't2', name: 'South', type: 'HIERARCHY' },
  ],
  users: [
    { userid: 'u2', displayName: 'Zoya', teamIds: ['t1'], canSetTarget: true },
    { userid: 'u1', displayName: 'Arun', teamIds: ['t1', 't2'], canSetTarget: true },
    { userid: 'u3', displayName: 'Meera', teamIds: ['t2'], canSetTarget: true },
  ],
  canSetTargets: true,
};

describe('filters', () => {
  it('defaults to this month so far in IST', () => {
    // 23:00 in India on 30 Nov is still November there.
    expect(defaultFilter(Date.parse('2026-11-30T17:30:00Z'))).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      productCode: '',
      teamId: '',
      userId: '',
    });
    expect(defaultFilter(Date.parse('2026-11-30T18:30:00Z')).from).toBe('2026-12-01');
  });

  it('sends only the chosen filters (closed schemas)', () => {
    const state = { from: '2026-11-01', to: '2026-11-28', productCode: '', teamId: 't1', userId: '' };
    expect(reportBody(state)).toEqual({ filter: { from: '2026-11-01', to: '2026-11-28', teamId: 't1' } });
    expect(countByRangeBody({ ...state, productCode: 'HL', teamId: '' }, 'week')).toEqual({
      filter: { from: '2026-11-01', to: '2026-11-28', productCode: 'HL' },
      interval: 'week',
    });
    expect(targetQuery({ ...state, userId: 'u1' })).toEqual({ month: '2026-11', teamId: 't1', userId: 'u1' });
    expect(targetQuery({ ...state, teamId: '', productCode: 'HL' })).toEqual({ month: '2026-11' });
    expect(userRangeBody(state, 'u2')).toEqual({ userId: 'u2', from: '2026-11-01', to: '2026-11-28' });
  });

  it('offers team and user only when the scope is wider than OWN', () => {
    expect(showsScopePickers(details)).toBe(true);
    expect(showsScopePickers({ ...details, scope: 'OWN' })).toBe(false);
    expect(showsScopePickers(undefined)).toBe(false);
  });

  it('narrows users to the chosen team, sorted by name, and drops a user outside it', () => {
    expect(usersInScope(details, '').map((u) => u.userid)).toEqual(['u1', 'u3', 'u2']);
    expect(usersInScope(details, 't2').map((u) => u.userid)).toEqual(['u1', 'u3']);
    const state = { from: '2026-11-01', to: '2026-11-28', productCode: '', teamId: '', userId: 'u2' };
    expect(withTeam(state, details, 't2').userId).toBe('');
    expect(withTeam(state, details, 't1')).toEqual({ ...state, teamId: 't1', userId: 'u2' });
  });

  it('allows a daily view only up to the bucket limit', () => {
    expect(allowedIntervals({ from: '2026-01-01', to: '2026-12-31' })).toEqual(['day', 'week', 'month']);
    expect(allowedIntervals({ from: '2025-01-01', to: '2026-12-31' })).toEqual(['week', 'month']);
    expect(effectiveInterval({ from: '2025-01-01', to: '2026-12-31' }, 'day')).toBe('week');
    expect(effectiveInterval({ from: '2025-01-01', to: '2026-12-31' }, 'month')).toBe('month');
  });
});

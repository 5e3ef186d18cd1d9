import { saveTargetBody, targetCandidates, targetIssues } from './targetForm';

// 12:00 IST on 15 Nov 2026: November is the current bank month.
const NOW = Date.parse('2026-11-15T06:30:00Z');
const ok = { userId: 'u1', month: '2026-11', targetCount: '25', targetAmount: '5000000' };

describe('the Set targets form', () => {
  it('accepts a user in scope, this month or later, whole numbers', () => {
    expect(targetIssues(ok, ['u1'], NOW)).toEqual({});
    expect(targetIssues({ ...ok, month: '2027-01' }, ['u1'], NOW)).toEqual({});
    expect(saveTargetBody({ ...ok, targetAmount: '50,00,000' })).toEqual({
      userId: 'u1',
      month: '2026-11',
      targetCount: 25,
      targetAmount: 5_000_000,
    });
  });

  it('names the field and the reason', () => {
    expect(targetIssues({ userId: '', month: '2026-10', targetCount: '', targetAmount: '-5' }, ['u1'], NOW)).toEqual({
      userId: 'User is required',
      month: 'Month must be the current month or a later one',
      targetCount: 'Target applications is required',
      targetAmount: 'Target amount must be a whole number of 0 or more',
    });
    expect(targetIssues({ ...ok, userId: 'u9' }, ['u1'], NOW).userId).toBe('User is not one whose targets you may set');
    expect(targetIssues({ ...ok, targetCount: '2.5' }, ['u1'], NOW).targetCount).toBe(
      'Target applications must be a whole number of 0 or more',
    );
    expect(targetIssues({ ...ok, targetCount: '1000001' }, ['u1'], NOW).targetCount).toBe(
      'Target applications must be at most 10,00,000',
    );
    expect(targetIssues({ ...ok, month: '' }, ['u1'], NOW).month).toBe('Month is required');
  });

  it('offers only the users below the caller, by name (never the caller themself)', () => {
    const user = (userid: string, displayName: string, canSetTarget: boolean) => ({
      userid,
      displayName,
      teamIds: ['t1'],
      canSetTarget,
    });
    const reportees = {
      scope: 'TEAM' as const,
      teams: [],
      users: [user('lead', 'Lata Lead', false), user('u2', 'Zoya', true), user('u1', 'Arun', true)],
      canSetTargets: true,
    };
    expect(targetCandidates(reportees).map((u) => u.userid)).toEqual(['u1', 'u2']);
  });
});

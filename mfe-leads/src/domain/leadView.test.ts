import type { LeadActivity } from '@originate/contract';
import { actionIssues, activityText, assignsOthers, offeredActions } from './leadView';

const WEST = { type: 'HIERARCHY' as const, id: 'TEAM-MUMBAI-WEST', name: 'Mumbai West Branch' };
const officer = { userid: 'u-officer', roles: ['CPA'], teams: [WEST] };
const colleague = { userid: 'u-colleague', roles: ['CPA'], teams: [WEST] };
const teamLead = { userid: 'u-lead', roles: ['BCM', 'TEAM_APPLICATIONS_ASSIGN'], teams: [WEST] };
const approver = { userid: 'u-approver', roles: ['BH'], teams: [WEST] };

describe('what a lead detail offers', () => {
  it('the owner works an open lead but does not hand it to others', () => {
    const lead = { status: 'CONTACTED' as const, ownerId: officer.userid, team: WEST };
    expect(offeredActions(lead, officer).sort()).toEqual(
      ['add_note', 'follow_up', 'log_call', 'lose', 'qualify', 'update'].sort(),
    );
    expect(assignsOthers(lead, officer)).toBe(false);
  });

  it('a team lead also assigns; a colleague only notes an owned lead and takes an unassigned one', () => {
    const owned = { status: 'NEW' as const, ownerId: officer.userid, team: WEST };
    expect(offeredActions(owned, teamLead)).toContain('assign');
    expect(assignsOthers(owned, teamLead)).toBe(true);
    expect(offeredActions(owned, colleague)).toEqual(['add_note']);
    expect(offeredActions({ ...owned, ownerId: null }, colleague).sort()).toEqual(['add_note', 'assign']);
  });

  it('a qualified lead converts; a closed one takes notes (and a lost one a reopen); no role, nothing', () => {
    expect(offeredActions({ status: 'QUALIFIED', ownerId: officer.userid, team: WEST }, officer)).toContain('convert');
    expect(offeredActions({ status: 'CONVERTED', ownerId: officer.userid, team: WEST }, officer)).toEqual(['add_note']);
    expect(offeredActions({ status: 'LOST', ownerId: officer.userid, team: WEST }, officer).sort()).toEqual([
      'add_note',
      'reopen',
    ]);
    expect(offeredActions({ status: 'NEW', ownerId: null, team: WEST }, approver)).toEqual([]);
  });

  it('words each history entry', () => {
    const entry = (over: Partial<LeadActivity>): LeadActivity => ({
      activityId: 'a1',
      type: 'NOTE',
      comment: null,
      callOutcome: null,
      fromStatus: null,
      toStatus: null,
      assignee: null,
      followUpAt: null,
      by: { id: 'u', username: 'officer', displayName: 'Rahul Verma' },
      at: '2026-11-27T05:00:00.000Z',
      ...over,
    });
    expect(activityText(entry({ type: 'STATUS', fromStatus: 'NEW', toStatus: 'CONTACTED' }))).toBe(
      'Status New → Contacted',
    );
    expect(activityText(entry({ type: 'CALL', callOutcome: 'NO_ANSWER' }))).toBe('Call: No answer');
    expect(
      activityText(entry({ type: 'CALL', callOutcome: 'CONNECTED', fromStatus: 'NEW', toStatus: 'CONTACTED' })),
    ).toBe('Call: Connected · Status New → Contacted');
    expect(activityText(entry({ type: 'CREATED', by: null }))).toBe('Callback requested on the portal');
    expect(
      activityText(entry({ type: 'ASSIGNED', assignee: { id: 'u2', username: 'x', displayName: 'Priya Sharma' } })),
    ).toBe('Assigned to Priya Sharma');
  });
});

describe('what each action dialog needs', () => {
  const now = new Date('2026-11-27T04:30:00.000Z');
  it('names the missing or wrong field', () => {
    expect(actionIssues('lose', {}, now)).toEqual({ lostReason: 'is required' });
    expect(actionIssues('lose', { lostReason: 'DUPLICATE' }, now)).toEqual({});
    expect(actionIssues('log_call', { comment: 'x' }, now)).toEqual({ callOutcome: 'is required' });
    expect(actionIssues('add_note', { comment: '  ' }, now)).toEqual({ comment: 'is required' });
    expect(actionIssues('assign', {}, now)).toEqual({ assignee: 'is required' });
    expect(actionIssues('follow_up', { followUpAt: '2026-11-20T10:00' }, now)).toEqual({
      followUpAt: 'must be in the future',
    });
    expect(actionIssues('follow_up', {}, now)).toEqual({});
    expect(actionIssues('qualify', {}, now)).toEqual({});
  });
});

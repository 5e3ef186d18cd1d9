import fc from 'fast-check';
import type { Team } from '../contracts/entities';
import type { PmayForm } from '../contracts/leadSchemas';
import { LEAD_ACTIONS, LEAD_STATUSES, type LeadAction, type LeadStatus } from '../contracts/leads';
import {
  callbackTimeProblem,
  isFollowUpDue,
  LEAD_TRANSITIONS,
  leadActionsFor,
  leadAssignRefusal,
  leadChangeRefusal,
  leadPrefill,
  leadTransition,
  leadViewRefusal,
  pmayCategory,
  pmayIssues,
} from './leads';

/** Every status × every action, written out: what the table must say (spec: not shown; ours). */
const EXPECTED: Record<LeadAction, Partial<Record<LeadStatus, LeadStatus>>> = {
  contact: { NEW: 'CONTACTED' },
  qualify: { NEW: 'QUALIFIED', CONTACTED: 'QUALIFIED' },
  lose: { NEW: 'LOST', CONTACTED: 'LOST', QUALIFIED: 'LOST' },
  reopen: { LOST: 'CONTACTED' },
  convert: { QUALIFIED: 'CONVERTED' },
  log_call: { NEW: 'NEW', CONTACTED: 'CONTACTED', QUALIFIED: 'QUALIFIED' },
  add_note: { NEW: 'NEW', CONTACTED: 'CONTACTED', QUALIFIED: 'QUALIFIED', CONVERTED: 'CONVERTED', LOST: 'LOST' },
  follow_up: { NEW: 'NEW', CONTACTED: 'CONTACTED', QUALIFIED: 'QUALIFIED' },
  update: { NEW: 'NEW', CONTACTED: 'CONTACTED', QUALIFIED: 'QUALIFIED' },
  assign: { NEW: 'NEW', CONTACTED: 'CONTACTED', QUALIFIED: 'QUALIFIED' },
};

describe('lead status transitions', () => {
  for (const action of LEAD_ACTIONS) {
    for (const status of LEAD_STATUSES) {
      const to = EXPECTED[action][status];
      it(`${action} on ${status} → ${to ?? 'refused'}`, () => {
        const result = leadTransition(status, action);
        if (to) expect(result).toEqual({ ok: true, to });
        else {
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.reason).toContain(`${action} does not apply to a ${status} lead`);
        }
      });
    }
  }

  it('a connected call makes a NEW lead CONTACTED; other outcomes leave it NEW', () => {
    expect(leadTransition('NEW', 'log_call', 'CONNECTED')).toEqual({ ok: true, to: 'CONTACTED' });
    expect(leadTransition('NEW', 'log_call', 'NO_ANSWER')).toEqual({ ok: true, to: 'NEW' });
    expect(leadTransition('QUALIFIED', 'log_call', 'CONNECTED')).toEqual({ ok: true, to: 'QUALIFIED' });
  });

  it('offers exactly the actions the table allows', () => {
    for (const status of LEAD_STATUSES) {
      expect(leadActionsFor(status).sort()).toEqual(
        LEAD_ACTIONS.filter((a) => EXPECTED[a][status] !== undefined).sort(),
      );
    }
  });

  it('closed leads (CONVERTED, LOST) take nothing but a note, and LOST a reopen', () => {
    expect(leadActionsFor('CONVERTED')).toEqual(['add_note']);
    expect(leadActionsFor('LOST').sort()).toEqual(['add_note', 'reopen']);
    expect(Object.keys(LEAD_TRANSITIONS).sort()).toEqual([...LEAD_ACTIONS].sort());
  });
});

const WEST: Team = { type: 'HIERARCHY', id: 'TEAM-MUMBAI-WEST', name: 'Mumbai West Branch' };
const PUNE: Team = { type: 'HIERARCHY', id: 'TEAM-PUNE-CENTRAL', name: 'Pune Central Branch' };
const officer = { userid: 'u-officer', roles: ['CPA'], teams: [WEST] };
const colleague = { userid: 'u-colleague', roles: ['CPA'], teams: [WEST] };
const teamLead = { userid: 'u-lead', roles: ['BCM', 'TEAM_APPLICATIONS_ASSIGN'], teams: [WEST] };
const puneOfficer = { userid: 'u-pune', roles: ['CPA'], teams: [PUNE] };
const admin = {
  userid: 'u-admin',
  roles: ['ADMIN', 'ALL_APPLICATIONS_ASSIGN'],
  teams: [{ type: 'HIERARCHY' as const, id: 'TEAM-WEST-REGION', allTeams: true }],
};
const approver = { userid: 'u-approver', roles: ['BH', 'NOTIFICATION'], teams: [WEST] };
const owned = { ownerId: officer.userid, team: WEST };
const unassigned = { ownerId: null, team: WEST };

describe('who may see and change a lead', () => {
  it('sees: owner, team member, admin; not another branch, not a role without leads', () => {
    expect(leadViewRefusal(officer, owned)).toBeNull();
    expect(leadViewRefusal(colleague, owned)).toBeNull();
    expect(leadViewRefusal(admin, { ownerId: null, team: PUNE })).toBeNull();
    expect(leadViewRefusal(puneOfficer, owned)).toBe(
      'the lead belongs to Mumbai West Branch, which is not one of your teams',
    );
    expect(leadViewRefusal(approver, owned)).toBe('working leads needs one of the roles CPA, BCM, ADMIN');
  });

  it('changes: owner, team lead, admin; a colleague only adds notes', () => {
    expect(leadChangeRefusal(officer, owned, 'qualify')).toBeNull();
    expect(leadChangeRefusal(teamLead, owned, 'convert')).toBeNull();
    expect(leadChangeRefusal(admin, owned, 'lose')).toBeNull();
    expect(leadChangeRefusal(colleague, owned, 'add_note')).toBeNull();
    expect(leadChangeRefusal(colleague, owned, 'qualify')).toBe(
      'only the lead’s owner, a team lead of its team or an admin may change it',
    );
    expect(leadChangeRefusal(colleague, unassigned, 'log_call')).toBe(
      'the lead is unassigned: take it or have your team lead assign it first',
    );
    expect(leadChangeRefusal(puneOfficer, owned, 'add_note')).toContain('not one of your teams');
  });

  it('assigns: a team lead within the team, an admin to anyone, a member takes an unassigned lead', () => {
    expect(leadAssignRefusal(teamLead, unassigned, officer)).toBeNull();
    expect(leadAssignRefusal(teamLead, owned, colleague)).toBeNull();
    expect(leadAssignRefusal(teamLead, owned, puneOfficer)).toBe('u-pune is not in Mumbai West Branch');
    expect(leadAssignRefusal(admin, owned, puneOfficer)).toBeNull();
    expect(leadAssignRefusal(colleague, unassigned, colleague)).toBeNull();
    expect(leadAssignRefusal(colleague, unassigned, officer)).toBe(
      'you may take an unassigned lead of your team for yourself only',
    );
    expect(leadAssignRefusal(colleague, owned, colleague)).toBe(
      'only a team lead of the lead’s team or an admin may reassign it',
    );
    expect(leadAssignRefusal(teamLead, owned, officer)).toBe("the lead is already u-officer's");
    expect(leadAssignRefusal(teamLead, owned, approver)).toBe('u-approver does not work leads');
  });

  it('no caller outside the lead’s teams changes it unless an admin (property)', () => {
    const roles = fc.subarray(['CPA', 'BCM', 'ADMIN', 'TEAM_APPLICATIONS_ASSIGN', 'ALL_APPLICATIONS_ASSIGN', 'BH']);
    fc.assert(
      fc.property(roles, fc.constantFrom(...LEAD_ACTIONS), (r, action) => {
        const outsider = { userid: 'x', roles: r, teams: [PUNE] };
        const allowed = leadChangeRefusal(outsider, owned, action) === null;
        return !allowed || r.includes('ALL_APPLICATIONS_ASSIGN');
      }),
    );
  });
});

const address = { line1: '12 MG Road', city: 'Pune', state: 'Maharashtra', pincode: '411001' };
const form = (over: { family?: Partial<PmayForm['family']>; property?: Partial<PmayForm['property']> } = {}) =>
  ({
    loanPurpose: 'PURCHASE_NEW',
    gender: 'FEMALE',
    currentAddress: address,
    propertyAddress: address,
    property: { type: 'FLAT', carpetAreaSqm: 55, estimatedCost: 2_500_000, womanOwnership: true, ...over.property },
    family: { annualIncome: 500_000, members: 4, ownsPuccaHouse: false, earlierHousingBenefit: false, ...over.family },
  }) satisfies PmayForm;

describe('PMAY rules', () => {
  it('categories by annual household income, at each boundary', () => {
    expect(pmayCategory(0)).toBe('EWS');
    expect(pmayCategory(300_000)).toBe('EWS');
    expect(pmayCategory(300_001)).toBe('LIG');
    expect(pmayCategory(600_000)).toBe('LIG');
    expect(pmayCategory(1_200_000)).toBe('MIG-I');
    expect(pmayCategory(1_800_000)).toBe('MIG-II');
    expect(pmayCategory(1_800_001)).toBeNull();
  });

  it('an eligible LIG household has no issues', () => {
    expect(pmayIssues(form())).toEqual([]);
  });

  it('names the field and the reason of each refusal', () => {
    expect(pmayIssues(form({ family: { annualIncome: 2_000_000 } }))).toEqual([
      { path: 'family.annualIncome', reason: 'is above ₹18,00,000, the highest PMAY income (MIG-II)' },
    ]);
    expect(pmayIssues(form({ property: { carpetAreaSqm: 61 } }))).toEqual([
      { path: 'property.carpetAreaSqm', reason: 'is above 60 m², the LIG limit' },
    ]);
    expect(pmayIssues(form({ property: { womanOwnership: false } }))).toEqual([
      {
        path: 'property.womanOwnership',
        reason: 'must be yes: an LIG house needs a woman of the family as owner or co-owner',
      },
    ]);
    expect(pmayIssues(form({ family: { annualIncome: 1_000_000 }, property: { womanOwnership: false } }))).toEqual([]);
    expect(
      pmayIssues(form({ family: { ownsPuccaHouse: true, earlierHousingBenefit: true } })).map((i) => i.path),
    ).toEqual(['family.ownsPuccaHouse', 'family.earlierHousingBenefit']);
  });

  it('an improvement loan needs no woman owner; MIG-II allows 200 m²', () => {
    expect(pmayIssues({ ...form({ property: { womanOwnership: false } }), loanPurpose: 'IMPROVEMENT' })).toEqual([]);
    expect(pmayIssues(form({ family: { annualIncome: 1_500_000 }, property: { carpetAreaSqm: 200 } }))).toEqual([]);
  });
});

describe('conversion mapping', () => {
  const lead = {
    prospect: {
      firstName: 'Ananya',
      lastName: 'Kulkarni',
      mobile: '9876543210',
      email: 'ananya@example.in',
      city: null,
    },
    loanAmount: 3_500_000,
    pmay: form(),
  };

  it('fills each mapped field the lead knows, amounts as strings', () => {
    expect(
      leadPrefill(lead, {
        firstName: 'first_name',
        lastName: 'last_name',
        mobile: 'mobile',
        email: 'email',
        city: 'city',
        loanAmount: 'loan_amount',
        pmayApplicable: 'pmay_applicable',
        pmayPropertyPincode: 'property_pincode',
      }),
    ).toEqual({
      first_name: 'Ananya',
      last_name: 'Kulkarni',
      mobile: '9876543210',
      email: 'ananya@example.in',
      loan_amount: '3500000',
      pmay_applicable: true,
      property_pincode: '411001',
    });
  });

  it('maps nothing the product does not name, and no PMAY values without a form', () => {
    expect(leadPrefill({ ...lead, pmay: null }, { fullName: 'applicant_name', pmayGender: 'gender' })).toEqual({
      applicant_name: 'Ananya Kulkarni',
    });
    expect(leadPrefill(lead, {})).toEqual({});
  });

  it('a single name fills the full name alone and no empty last name', () => {
    const single = { ...lead, prospect: { ...lead.prospect, firstName: 'Lakshmi', lastName: '' } };
    expect(leadPrefill(single, { fullName: 'full_name', lastName: 'last_name' })).toEqual({ full_name: 'Lakshmi' });
  });
});

describe('follow-ups and callback times', () => {
  // 27/11/2026 10:00 IST
  const now = Date.parse('2026-11-27T04:30:00.000Z');
  it('due today or overdue (bank day, IST) and open', () => {
    expect(isFollowUpDue({ status: 'NEW', followUpAt: '2026-11-27T18:00:00.000Z' }, now)).toBe(true); // 23:30 IST
    expect(isFollowUpDue({ status: 'NEW', followUpAt: '2026-11-27T18:31:00.000Z' }, now)).toBe(false); // next day IST
    expect(isFollowUpDue({ status: 'CONTACTED', followUpAt: '2026-11-20T05:00:00.000Z' }, now)).toBe(true);
    expect(isFollowUpDue({ status: 'LOST', followUpAt: '2026-11-27T05:00:00.000Z' }, now)).toBe(false);
    expect(isFollowUpDue({ status: 'NEW', followUpAt: null }, now)).toBe(false);
  });

  it('by the bank’s day in its zone: in New York it is still 26/11 (23:30 EST), which ends at 05:00Z', () => {
    const ny = 'America/New_York';
    expect(isFollowUpDue({ status: 'NEW', followUpAt: '2026-11-27T04:59:00.000Z' }, now, ny)).toBe(true);
    expect(isFollowUpDue({ status: 'NEW', followUpAt: '2026-11-27T05:00:00.000Z' }, now, ny)).toBe(false);
    expect(isFollowUpDue({ status: 'NEW', followUpAt: '2026-11-27T05:00:00.000Z' }, now)).toBe(true);
  });

  it('a callback time is in the future and within the window', () => {
    const at = new Date(now);
    expect(callbackTimeProblem('2026-11-28T05:00:00.000Z', at, 30)).toBeNull();
    expect(callbackTimeProblem('2026-11-27T04:00:00.000Z', at, 30)).toBe('must be in the future');
    expect(callbackTimeProblem('2027-01-27T04:00:00.000Z', at, 30)).toBe('must be within 30 days');
    expect(callbackTimeProblem('soon', at, 30)).toBe('is not a date and time');
  });
});

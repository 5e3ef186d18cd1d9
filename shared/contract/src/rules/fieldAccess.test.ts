/**
 * @jest-environment node
 */
import fc from 'fast-check';
import type { Team } from '../contracts/entities';
import type { FieldAccessEntry, FieldConfig } from '../contracts/flow';
import {
  accessEntryMatches,
  type FieldAccessViewer,
  fieldAccess,
  readOnlyByAccessControl,
  tableOfField,
} from './fieldAccess';

const WEST: Team = { type: 'HIERARCHY', id: 'WEST' };
const MUM: Team = { type: 'HIERARCHY', id: 'MUM' };
const CREDIT: Team = { type: 'DEPT', id: 'CREDIT' };
const RETAIL: Team = { type: 'DEPT', id: 'RETAIL' };

const officer: FieldAccessViewer = { roles: ['CPA'], teams: [MUM, RETAIL] };
const approver: FieldAccessViewer = { roles: ['BH'], teams: [WEST, CREDIT] };
const regionAdmin: FieldAccessViewer = { roles: ['ADMIN'], teams: [{ type: 'HIERARCHY', id: 'ANY', allTeams: true }] };

const text = (key: string, extra: Partial<FieldConfig> = {}): FieldConfig => ({
  key,
  label: key,
  enable: true,
  field_type_details: { type: 'text' },
  ...extra,
});

describe('accessEntryMatches', () => {
  const cases: [string, FieldAccessEntry, FieldAccessViewer, boolean][] = [
    ['a role the viewer holds', { roles: ['BH', 'BCM'], access: 'WRITE' }, approver, true],
    ['no role the viewer holds', { roles: ['BH'], access: 'WRITE' }, officer, false],
    ['a team of the same type and id', { teams: [CREDIT], access: 'WRITE' }, approver, true],
    ['a team id of another type', { teams: [{ type: 'HIERARCHY', id: 'CREDIT' }], access: 'WRITE' }, approver, false],
    ['allTeams covers every team of its type', { teams: [WEST], access: 'WRITE' }, regionAdmin, true],
    ['allTeams covers no team of the other type', { teams: [CREDIT], access: 'WRITE' }, regionAdmin, false],
    ['role and team both needed: both held', { roles: ['BH'], teams: [CREDIT], access: 'WRITE' }, approver, true],
    ['role and team both needed: role only', { roles: ['BH'], teams: [RETAIL], access: 'WRITE' }, approver, false],
    ['role and team both needed: team only', { roles: ['CPA'], teams: [CREDIT], access: 'WRITE' }, approver, false],
    ['neither roles nor teams: every staff user', { access: 'READ' }, officer, true],
  ];
  it.each(cases)('%s', (_name, entry, viewer, expected) => {
    expect(accessEntryMatches(entry, viewer)).toBe(expected);
  });
});

describe('fieldAccess', () => {
  const rate = text('interest_rate', {
    accessControl: [
      { teams: [CREDIT], access: 'WRITE' },
      { roles: ['CPA'], access: 'READ' },
    ],
  });
  const cases: [string, FieldConfig, FieldAccessViewer | null, 'WRITE' | 'READ', 'WRITE' | 'READ'][] = [
    ['a matching WRITE entry gives WRITE', rate, approver, 'WRITE', 'WRITE'],
    ['a matching READ entry alone gives READ', rate, officer, 'WRITE', 'READ'],
    ['no matching entry gives READ (entries exist)', rate, regionAdmin, 'WRITE', 'READ'],
    ['the form READ wins over a WRITE entry', rate, approver, 'READ', 'READ'],
    ['no access control: the form access', text('full_name'), officer, 'WRITE', 'WRITE'],
    ['no access control, form READ: READ', text('full_name'), officer, 'READ', 'READ'],
    ['an applicant (no viewer) is not governed by access control', rate, null, 'WRITE', 'WRITE'],
    [
      'WRITE from any matching entry even when another matching entry says READ',
      text('x', {
        accessControl: [
          { roles: ['CPA'], access: 'READ' },
          { teams: [RETAIL], access: 'WRITE' },
        ],
      }),
      officer,
      'WRITE',
      'WRITE',
    ],
  ];
  it.each(cases)('%s', (_name, field, viewer, form, expected) => {
    expect(fieldAccess(field, viewer, form)).toBe(expected);
  });

  const role = fc.constantFrom('CPA', 'BH', 'BCM', 'ADMIN');
  const team = fc.record({
    type: fc.constantFrom<'HIERARCHY' | 'DEPT'>('HIERARCHY', 'DEPT'),
    id: fc.constantFrom('A', 'B'),
  });
  const entry = fc.record(
    {
      roles: fc.uniqueArray(role, { minLength: 1, maxLength: 3 }),
      teams: fc.array(team, { minLength: 1, maxLength: 2 }),
      access: fc.constantFrom<'WRITE' | 'READ'>('WRITE', 'READ'),
    },
    { requiredKeys: ['access'] },
  );
  const viewer = fc.record({
    roles: fc.uniqueArray(role, { maxLength: 3 }),
    teams: fc.array(
      fc.record({ type: team.map((t) => t.type), id: fc.constantFrom('A', 'B'), allTeams: fc.boolean() }),
      {
        maxLength: 2,
      },
    ),
  });

  it('is WRITE exactly when the form is WRITE and some matching entry says WRITE (property)', () => {
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 1, maxLength: 5 }),
        viewer,
        fc.constantFrom<'WRITE' | 'READ'>('WRITE', 'READ'),
        (entries, v, form) => {
          const granted = entries.some((e) => e.access === 'WRITE' && accessEntryMatches(e, v));
          expect(fieldAccess(text('f', { accessControl: entries }), v, form)).toBe(
            form === 'WRITE' && granted ? 'WRITE' : 'READ',
          );
        },
      ),
    );
  });

  it('adding a READ entry never changes anyone’s access; adding a WRITE entry never takes WRITE away (property)', () => {
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 4 }), entry, viewer, (entries, extra, v) => {
        const before = fieldAccess(text('f', { accessControl: entries }), v);
        const after = fieldAccess(text('f', { accessControl: [...entries, extra] }), v);
        if (extra.access === 'READ') expect(after).toBe(before);
        else if (before === 'WRITE') expect(after).toBe('WRITE');
      }),
    );
  });
});

describe('readOnlyByAccessControl', () => {
  const table: FieldConfig = {
    key: 'loans',
    label: 'Existing loans',
    enable: true,
    field_type_details: { type: 'container' },
    groupType: 'CONTAINER',
    groupSubType: 'NESTED_TABLE',
    accessControl: [{ roles: ['BH'], access: 'WRITE' }],
  };
  const fields = [
    text('full_name'),
    text('interest_rate', { accessControl: [{ teams: [CREDIT], access: 'WRITE' }] }),
    table,
    text('lender', { groupKey: 'loans' }),
    text('emi', { groupKey: 'loans', isSectionHeader: true }),
    // A page-rule group, not a table: its fields keep their own access.
    text('builder_name', { groupKey: 'builder_details' }),
  ];

  it('gives the controlled fields and the cells of a controlled table', () => {
    expect([...readOnlyByAccessControl(fields, officer)]).toEqual(['interest_rate', 'loans', 'lender', 'emi']);
    expect([...readOnlyByAccessControl(fields, approver)]).toEqual([]);
    expect([...readOnlyByAccessControl(fields, { roles: ['BH'], teams: [] })]).toEqual(['interest_rate']);
  });

  it('gives applicants nothing', () => {
    expect(readOnlyByAccessControl(fields, null).size).toBe(0);
  });

  it('finds a cell’s table only among containers', () => {
    expect(tableOfField(fields, text('lender', { groupKey: 'loans' }))?.key).toBe('loans');
    expect(tableOfField(fields, text('builder_name', { groupKey: 'builder_details' }))).toBeUndefined();
    expect(tableOfField(fields, text('full_name'))).toBeUndefined();
  });
});

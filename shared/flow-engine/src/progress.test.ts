import fc from 'fast-check';
import { createFormState, setFieldValue } from './form';
import type { FlowContext } from './navigation';
import { componentStatus, type SectionProgress, sectionPercent, sectionProgress, stepper } from './progress';
import { component, field, flow, options, sub } from './testFixtures';

const ctx: FlowContext = { applicantType: 'primary', existingCustomer: false, jointApplicants: [] };

describe('component status', () => {
  const c = component([
    field('name', 'text', { mandatory: true }),
    field('city', 'text', { defaultValue: 'Pune' }),
    field('note', 'text'),
    field('agree', 'checkbox'),
  ]);
  it('PENDING when nothing is filled (defaults do not count), COMPLETE when valid and mandatory filled', () => {
    let state = createFormState(c, {}, options());
    expect(componentStatus(state)).toBe('PENDING');
    state = setFieldValue(state, 'note', 'hello');
    expect(componentStatus(state)).toBe('PROGRESS');
    state = setFieldValue(state, 'name', 'Asha');
    expect(componentStatus(state)).toBe('COMPLETE');
    const invalid = createFormState(
      component([field('name', 'text', { mandatory: true }), field('pin', 'text', { regex: '\\d{6}' })]),
      { name: 'A', pin: '12' },
      options(),
    );
    expect(componentStatus(invalid)).toBe('PROGRESS');
  });
  it('a component with nothing to fill is COMPLETE', () => {
    expect(componentStatus(createFormState(component([field('h', 'heading')]), {}, options()))).toBe('COMPLETE');
  });
});

const sample = flow([
  { section_id: 'a', display_name: 'About you', sub_sections: [sub('a1'), sub('a2'), sub('a3'), sub('a4')] },
  { section_id: 'b', sub_sections: [sub('b1'), sub('b2', { skipForNewCustomer: true })] },
  { section_id: 'co', applicantType: 'secondary', sub_sections: [sub('c1')] },
  { section_id: 'z', sub_sections: [sub('z1'), sub('z2')] },
]);

describe('section progress', () => {
  it('COMPLETE when all components are, PENDING when all are, else PROGRESS; percent counts PROGRESS half', () => {
    const progress = sectionProgress(sample, ctx, {
      comp_a1: 'COMPLETE',
      comp_a2: 'PROGRESS',
      comp_a3: 'PENDING',
      comp_b1: 'COMPLETE',
    });
    expect(progress.map((s) => [s.sectionId, s.status])).toEqual([
      ['a', 'PROGRESS'],
      ['b', 'COMPLETE'],
      ['z', 'PENDING'],
    ]);
    expect(progress[0]?.components[0]).toEqual({
      componentId: 'comp_a1',
      componentRouteInfo: 'a1',
      status: 'COMPLETE',
    });
    expect(progress.map(sectionPercent)).toEqual([38, 100, 0]);
  });
  it("joint sections list each applicant's components by componentId:jointIndex", () => {
    const joint: FlowContext = {
      ...ctx,
      jointApplicants: [
        { applicantId: 's1', applicantType: 'secondary' },
        { applicantId: 's2', applicantType: 'secondary' },
      ],
    };
    const co = sectionProgress(sample, joint, { 'comp_c1:0': 'COMPLETE' }).find((s) => s.sectionId === 'co');
    expect(co?.components.map((c) => c.status)).toEqual(['COMPLETE', 'PENDING']);
    expect(co?.status).toBe('PROGRESS');
  });
});

describe('stepper', () => {
  it('current INPROGRESS at index over count, earlier COMPLETE 100, later PENDING 0, last COMPLETE when current', () => {
    expect(stepper(sample, ctx, { sectionIndex: 0, subSectionIndex: 2 })).toEqual([
      { sectionId: 'a', label: 'About you', state: 'INPROGRESS', percent: 50 },
      { sectionId: 'b', label: 'b', state: 'PENDING', percent: 0 },
      { sectionId: 'z', label: 'z', state: 'PENDING', percent: 0 },
    ]);
    expect(stepper(sample, ctx, { sectionIndex: 0, subSectionIndex: 0 })[0]?.percent).toBe(0);
    expect(stepper(sample, ctx, { sectionIndex: 0, subSectionIndex: 1 })[0]?.percent).toBe(25);
    expect(stepper(sample, ctx, { sectionIndex: 1, subSectionIndex: 0 }).map((e) => [e.state, e.percent])).toEqual([
      ['COMPLETE', 100],
      ['INPROGRESS', 0],
      ['PENDING', 0],
    ]);
    expect(stepper(sample, ctx, { sectionIndex: 3, subSectionIndex: 0 }).map((e) => [e.state, e.percent])).toEqual([
      ['COMPLETE', 100],
      ['COMPLETE', 100],
      ['COMPLETE', 100],
    ]);
  });
});

describe('progress arithmetic properties', () => {
  const arbStatuses = fc.array(fc.constantFrom('PENDING' as const, 'PROGRESS' as const, 'COMPLETE' as const), {
    minLength: 1,
    maxLength: 40,
  });
  const section = (statuses: ('PENDING' | 'PROGRESS' | 'COMPLETE')[]): SectionProgress => ({
    sectionId: 's',
    status: 'PROGRESS',
    components: statuses.map((status, i) => ({ componentId: `c${i}`, componentRouteInfo: `r${i}`, status })),
  });

  it('percent is an integer in 0..100 and equals round((complete + progress / 2) / total * 100)', () => {
    fc.assert(
      fc.property(arbStatuses, (statuses) => {
        const percent = sectionPercent(section(statuses));
        expect(Number.isInteger(percent)).toBe(true);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
        const complete = statuses.filter((s) => s === 'COMPLETE').length;
        const progress = statuses.filter((s) => s === 'PROGRESS').length;
        expect(percent).toBe(Math.round(((complete + progress / 2) / statuses.length) * 100));
      }),
    );
  });

  it('is monotonic: completing one more component never lowers it; PROGRESS is half of COMPLETE', () => {
    fc.assert(
      fc.property(arbStatuses, fc.nat(39), (statuses, pick) => {
        const i = pick % statuses.length;
        const before = sectionPercent(section(statuses));
        const up = [...statuses];
        up[i] = statuses[i] === 'PENDING' ? 'PROGRESS' : 'COMPLETE';
        expect(sectionPercent(section(up))).toBeGreaterThanOrEqual(before);
        const allProgress = statuses.map(() => 'PROGRESS' as const);
        expect(sectionPercent(section(allProgress))).toBe(50);
        const all = statuses.map(() => 'COMPLETE' as const);
        expect(sectionPercent(section(all))).toBe(100);
      }),
    );
  });

  it('two PROGRESS count as one COMPLETE', () => {
    fc.assert(
      fc.property(arbStatuses, (statuses) => {
        const twoProgress = sectionPercent(section([...statuses, 'PROGRESS', 'PROGRESS']));
        const oneCompleteOnePending = sectionPercent(section([...statuses, 'COMPLETE', 'PENDING']));
        expect(twoProgress).toBe(oneCompleteOnePending);
      }),
    );
  });
});

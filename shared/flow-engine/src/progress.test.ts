import fc from 'fast-check';
import { createFormState, setFieldValue } from './form';
import { type FlowContext, flowSteps } from './navigation';
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

describe('§4 progress rules', () => {
  const one = (statuses: Record<string, 'PENDING' | 'PROGRESS' | 'COMPLETE'>) =>
    sectionProgress(flow([{ section_id: 'a', sub_sections: [sub('a1'), sub('a2'), sub('a3')] }]), ctx, statuses)[0];
  it('PENDING: a section nothing is filled in is PENDING at 0 %', () => {
    const s = one({});
    expect([s?.status, s && sectionPercent(s)]).toEqual(['PENDING', 0]);
  });
  it('PROGRESS counts half: one of three in PROGRESS is 17 %', () => {
    const s = one({ comp_a1: 'PROGRESS' });
    expect([s?.status, s && sectionPercent(s)]).toEqual(['PROGRESS', 17]);
  });
  it('COMPLETE only when all applicable components are COMPLETE, else PROGRESS', () => {
    const two = one({ comp_a1: 'COMPLETE', comp_a2: 'COMPLETE' });
    expect([two?.status, two && sectionPercent(two)]).toEqual(['PROGRESS', 67]);
    const all = one({ comp_a1: 'COMPLETE', comp_a2: 'COMPLETE', comp_a3: 'COMPLETE' });
    expect([all?.status, all && sectionPercent(all)]).toEqual(['COMPLETE', 100]);
  });
  it('components not applicable to the applicant are ignored (a skipped step counts neither way)', () => {
    const s = sectionProgress(sample, ctx, { comp_b1: 'COMPLETE', comp_b2: 'PENDING' }).find(
      (x) => x.sectionId === 'b',
    );
    expect(s?.components.map((c) => c.componentId)).toEqual(['comp_b1']);
    expect([s?.status, s && sectionPercent(s)]).toEqual(['COMPLETE', 100]);
  });
  it('rounds to the nearest whole percent (half up)', () => {
    // 1.5 of 4 = 37.5 -> 38; 0.5 of 3 = 16.67 -> 17; 2 of 3 = 66.67 -> 67
    const four = sectionProgress(sample, ctx, { comp_a1: 'COMPLETE', comp_a2: 'PROGRESS' })[0];
    expect(four && sectionPercent(four)).toBe(38);
  });
});

describe('stepper', () => {
  it('state is the position (current INPROGRESS, earlier COMPLETE, later PENDING, last COMPLETE when current)', () => {
    expect(stepper(sample, ctx, { sectionIndex: 0, subSectionIndex: 2 }, {}).map((e) => e.state)).toEqual([
      'INPROGRESS',
      'PENDING',
      'PENDING',
    ]);
    expect(stepper(sample, ctx, { sectionIndex: 1, subSectionIndex: 0 }, {}).map((e) => e.state)).toEqual([
      'COMPLETE',
      'INPROGRESS',
      'PENDING',
    ]);
    expect(stepper(sample, ctx, { sectionIndex: 3, subSectionIndex: 0 }, {}).map((e) => e.state)).toEqual([
      'COMPLETE',
      'COMPLETE',
      'COMPLETE',
    ]);
  });
  it('percent is what is filled (§4), whatever the position', () => {
    const entries = stepper(
      sample,
      ctx,
      { sectionIndex: 0, subSectionIndex: 2 },
      { comp_a1: 'COMPLETE', comp_a2: 'PROGRESS', comp_z1: 'COMPLETE' },
    );
    expect(entries).toEqual([
      { sectionId: 'a', label: 'About you', state: 'INPROGRESS', percent: 38, toFill: true },
      { sectionId: 'b', label: 'b', state: 'PENDING', percent: 0, toFill: true },
      { sectionId: 'z', label: 'z', state: 'PENDING', percent: 50, toFill: true },
    ]);
  });
  it('regression: a filled section the applicant stands on the first step of shows 100 %, not 0 %', () => {
    const filled = { comp_a1: 'COMPLETE', comp_a2: 'COMPLETE', comp_a3: 'COMPLETE', comp_a4: 'COMPLETE' } as const;
    expect(stepper(sample, ctx, { sectionIndex: 0, subSectionIndex: 0 }, filled)[0]?.percent).toBe(100);
  });
  it('regression: the untouched last section (the Declaration) shows 0 % when current, not 100 %', () => {
    const last = stepper(sample, ctx, { sectionIndex: 3, subSectionIndex: 0 }, {}).at(-1);
    expect([last?.state, last?.percent]).toEqual(['COMPLETE', 0]);
  });
  it('a summary step (nothing to fill) does not count: an untouched Declaration with its Summary is 0 %', () => {
    const withSummary = flow([
      { section_id: 'a', sub_sections: [sub('a1')] },
      { section_id: 'd', sub_sections: [sub('sign'), sub('summary', { summary: true })] },
    ]);
    const at = { sectionIndex: 1, subSectionIndex: 1 };
    expect(stepper(withSummary, ctx, at, { comp_summary: 'COMPLETE' })[1]?.percent).toBe(0);
    expect(stepper(withSummary, ctx, at, { comp_summary: 'COMPLETE', comp_sign: 'COMPLETE' })[1]?.percent).toBe(100);
    const onlySummary = flow([{ section_id: 's', sub_sections: [sub('summary', { summary: true })] }]);
    const review = stepper(onlySummary, ctx, { sectionIndex: 0, subSectionIndex: 0 }, { comp_summary: 'COMPLETE' })[0];
    // §4's figure stays (the server stores it); the screen does not call a section with nothing to fill 'filled'.
    expect([review?.percent, review?.toFill]).toEqual([100, false]);
    expect(stepper(withSummary, ctx, at, {})[1]?.toFill).toBe(true);
  });
  it("a screen showing some steps only (staff viewing one applicant's) lists their sections only", () => {
    const joint: FlowContext = { ...ctx, jointApplicants: [{ applicantId: 's1', applicantType: 'secondary' }] };
    const primary = flowSteps(sample, joint).filter((s) => s.applicant.type === 'primary');
    const at = { sectionIndex: 0, subSectionIndex: 0 };
    expect(stepper(sample, joint, at, {}).map((e) => e.sectionId)).toEqual(['a', 'b', 'co', 'z']);
    expect(stepper(sample, joint, at, {}, primary).map((e) => e.sectionId)).toEqual(['a', 'b', 'z']);
  });
  it('regression: a completed application opened at its first step (the back office) shows 100 % per section', () => {
    const all = { comp_a1: 'COMPLETE', comp_a2: 'COMPLETE', comp_a3: 'COMPLETE', comp_a4: 'COMPLETE' } as const;
    const done = { ...all, comp_b1: 'COMPLETE', comp_z1: 'COMPLETE', comp_z2: 'COMPLETE' } as const;
    expect(stepper(sample, ctx, { sectionIndex: 0, subSectionIndex: 0 }, done).map((e) => e.percent)).toEqual([
      100, 100, 100,
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

import type { FlowConfig } from '@originate/contract';
import fc from 'fast-check';
import {
  CUSTOM_PAGE_FALLBACK_ROUTE,
  canAddJointApplicant,
  type FlowContext,
  firstStep,
  flowSteps,
  isLastStep,
  nextStep,
  previousStep,
  progressKey,
  type Step,
  stepByRoute,
} from './navigation';
import { flow, sub } from './testFixtures';

const primaryNew: FlowContext = { applicantType: 'primary', existingCustomer: false, jointApplicants: [] };

const sample = flow(
  [
    { section_id: 'personal', sub_sections: [sub('basic'), sub('otp', { existingCustomerOtp: true }), sub('kyc')] },
    {
      section_id: 'income',
      sub_sections: [
        sub('salary', { skipForExistingCustomer: true }),
        sub('bank', { skipForNewCustomer: true }),
        sub('own_docs', { disableForPrimaryApplicant: true }),
        sub('custom', { customPage: true }),
      ],
    },
    { section_id: 'co', applicantType: 'secondary', sub_sections: [sub('co_basic'), sub('co_income')] },
    { section_id: 'guar', applicantType: 'guarantor', isSingle: true, sub_sections: [sub('g_basic')] },
    { section_id: 'skipped', skipForNewCustomer: true, sub_sections: [sub('only_existing')] },
    { section_id: 'summary', sub_sections: [sub('review', { summary: true })] },
  ],
  { maximumJointApplicants: 3, enableMultipleCoApplicant: true },
);

const routes = (ctx: FlowContext) => flowSteps(sample, ctx).map((step) => step.route);

describe('flow navigation', () => {
  it('lists sub-sections then sections, skipping what a new primary applicant does not see', () => {
    expect(routes(primaryNew)).toEqual(['basic', 'kyc', 'salary', CUSTOM_PAGE_FALLBACK_ROUTE, 'review']);
  });

  it('custom pages take the custom route, else capture_1', () => {
    expect(CUSTOM_PAGE_FALLBACK_ROUTE).toBe('capture_1');
    expect(routes({ ...primaryNew, customRoute: 'my_page' })).toContain('my_page');
    expect(routes({ ...primaryNew, customRoute: '' })).toContain('capture_1');
  });

  it('existing customers get the OTP step and skipForNewCustomer steps, not skipForExistingCustomer ones', () => {
    expect(routes({ ...primaryNew, existingCustomer: true })).toEqual([
      'basic',
      'otp',
      'kyc',
      'bank',
      'capture_1',
      'only_existing',
      'review',
    ]);
  });

  it('disableForPrimaryApplicant hides the step from the primary applicant only', () => {
    expect(routes(primaryNew)).not.toContain('own_docs');
    expect(routes({ ...primaryNew, applicantType: 'secondary' })).toContain('own_docs');
  });

  it('a joint section marked disableForPrimaryApplicant is still shown about each joint applicant', () => {
    const jointOnly = flow([
      { section_id: 'me', sub_sections: [sub('mine')] },
      { section_id: 'co', applicantType: 'secondary', disableForPrimaryApplicant: true, sub_sections: [sub('theirs')] },
    ]);
    const withCo: FlowContext = { ...primaryNew, jointApplicants: [{ applicantId: 's1', applicantType: 'secondary' }] };
    expect(flowSteps(jointOnly, withCo).map((step) => step.route)).toEqual(['mine', 'theirs']);
    expect(flowSteps(jointOnly, primaryNew).map((step) => step.route)).toEqual(['mine']);
  });

  it('repeats a joint section per joint applicant of its type; isSingle shows it once', () => {
    const ctx: FlowContext = {
      ...primaryNew,
      jointApplicants: [
        { applicantId: 'g1', applicantType: 'guarantor' },
        { applicantId: 's1', applicantType: 'secondary' },
        { applicantId: 's2', applicantType: 'secondary' },
        { applicantId: 'g2', applicantType: 'guarantor' },
      ],
    };
    const steps = flowSteps(sample, ctx);
    const joint = steps.filter((step) => step.jointIndex !== undefined);
    expect(joint.map((step) => [step.route, step.jointIndex, step.applicant.applicantId])).toEqual([
      ['co_basic', 1, 's1'],
      ['co_income', 1, 's1'],
      ['co_basic', 2, 's2'],
      ['co_income', 2, 's2'],
      ['g_basic', 0, 'g1'],
    ]);
    expect(joint[0]?.applicant.type).toBe('secondary');
    expect(stepByRoute(sample, ctx, 'co_income', 2)?.applicant.applicantId).toBe('s2');
    expect(stepByRoute(sample, ctx, 'co_income')?.jointIndex).toBe(1);
    expect(stepByRoute(sample, ctx, 'nowhere')).toBeNull();
    expect(progressKey(joint[0] ?? { componentId: '', sectionIndex: 0, subSectionIndex: 0 })).toBe('comp_co_basic:1');
    expect(progressKey({ componentId: 'x', sectionIndex: 0, subSectionIndex: 0 })).toBe('x');
  });

  it('moves forward and backward, null beyond either end', () => {
    const first = firstStep(sample, primaryNew);
    expect(first.route).toBe('basic');
    expect(previousStep(sample, primaryNew, first)).toBeNull();
    const second = nextStep(sample, primaryNew, first);
    expect(second?.route).toBe('kyc');
    const third = second && nextStep(sample, primaryNew, second);
    expect(third?.route).toBe('salary');
    expect(third && previousStep(sample, primaryNew, third)?.route).toBe('kyc');
    const last = stepByRoute(sample, primaryNew, 'review');
    expect(last && nextStep(sample, primaryNew, last)).toBeNull();
    expect(last && isLastStep(sample, primaryNew, last)).toBe(true);
    expect(isLastStep(sample, primaryNew, first)).toBe(false);
  });

  it('continues from a step that is not eligible (the OTP step of a new customer)', () => {
    expect(nextStep(sample, primaryNew, { sectionIndex: 0, subSectionIndex: 1 })?.route).toBe('kyc');
    expect(previousStep(sample, primaryNew, { sectionIndex: 0, subSectionIndex: 1 })?.route).toBe('basic');
  });

  it('refuses a flow with no step for the applicant', () => {
    const none = flow([{ section_id: 's', sub_sections: [sub('a', { skipForNewCustomer: true })] }]);
    expect(() => firstStep(none, primaryNew)).toThrow('no step');
  });

  it('adds joint applicants within maximumJointApplicants and one co-applicant unless multiple are enabled', () => {
    const single = { ...sample, enableMultipleCoApplicant: false, maximumJointApplicants: 2 };
    const oneCo: FlowContext = { ...primaryNew, jointApplicants: [{ applicantId: 's1', applicantType: 'secondary' }] };
    expect(canAddJointApplicant(single, primaryNew, 'secondary')).toBe(true);
    expect(canAddJointApplicant(single, oneCo, 'secondary')).toBe(false);
    expect(canAddJointApplicant(single, oneCo, 'guarantor')).toBe(true);
    expect(canAddJointApplicant(sample, oneCo, 'secondary')).toBe(true);
    const full: FlowContext = {
      ...oneCo,
      jointApplicants: [...oneCo.jointApplicants, { applicantId: 'g1', applicantType: 'guarantor' }],
    };
    expect(canAddJointApplicant(single, full, 'guarantor')).toBe(false);
    const noGuarantors = flow([{ section_id: 's', sub_sections: [sub('a')] }]);
    expect(canAddJointApplicant(noGuarantors, primaryNew, 'guarantor')).toBe(false);
  });
});

// ---- properties -------------------------------------------------------------------------------------

const flags = fc.record(
  {
    disableForPrimaryApplicant: fc.boolean(),
    skipForNewCustomer: fc.boolean(),
    skipForExistingCustomer: fc.boolean(),
    existingCustomerOtp: fc.boolean(),
    customPage: fc.boolean(),
  },
  { requiredKeys: [] },
);

const arbFlow: fc.Arbitrary<FlowConfig> = fc
  .array(
    fc.record({
      applicantType: fc.constantFrom(undefined, 'secondary', 'guarantor'),
      isSingle: fc.boolean(),
      sectionFlags: fc.record(
        { disableForPrimaryApplicant: fc.boolean(), skipForNewCustomer: fc.boolean() },
        { requiredKeys: [] },
      ),
      subs: fc.array(flags, { minLength: 1, maxLength: 4 }),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((sections) =>
    flow(
      sections.map((s, i) => ({
        section_id: `s${i}`,
        ...(s.applicantType ? { applicantType: s.applicantType } : {}),
        isSingle: s.isSingle,
        ...s.sectionFlags,
        sub_sections: s.subs.map((f, j) => sub(`s${i}_${j}`, f)),
      })),
    ),
  );

const arbCtx: fc.Arbitrary<FlowContext> = fc.record({
  applicantType: fc.constantFrom('primary', 'secondary', 'guarantor'),
  existingCustomer: fc.boolean(),
  jointApplicants: fc
    .array(fc.constantFrom('secondary', 'guarantor'), { maxLength: 4 })
    .map((types) => types.map((applicantType, i) => ({ applicantId: `j${i}`, applicantType }))),
});

/** Eligibility restated from the flags, independently of the implementation. */
function eligible(f: FlowConfig, ctx: FlowContext, step: Step): boolean {
  const section = f.sections[step.sectionIndex];
  const s = section?.sub_sections[step.subSectionIndex];
  if (!section || !s) return false;
  const joint = step.jointIndex === undefined ? undefined : ctx.jointApplicants[step.jointIndex];
  const jointSection = section.applicantType === 'secondary' || section.applicantType === 'guarantor';
  if (jointSection !== (joint !== undefined)) return false;
  if (joint && joint.applicantType !== section.applicantType) return false;
  const about = joint?.applicantType ?? ctx.applicantType;
  for (const x of [section, s]) {
    if (x.disableForPrimaryApplicant && about === 'primary') return false;
    if (x.skipForNewCustomer && !ctx.existingCustomer) return false;
    if (x.skipForExistingCustomer && ctx.existingCustomer) return false;
  }
  return !(s.existingCustomerOtp && !ctx.existingCustomer);
}

describe('flow navigation properties', () => {
  it('walking forward from the first step visits every eligible step and ends with null', () => {
    fc.assert(
      fc.property(arbFlow, arbCtx, (f, ctx) => {
        const all = flowSteps(f, ctx);
        fc.pre(all.length > 0);
        const start = firstStep(f, ctx);
        const visited = [start];
        for (let at = nextStep(f, ctx, start); at; at = nextStep(f, ctx, at)) visited.push(at);
        expect(visited).toEqual(all);
        for (const step of visited) expect(eligible(f, ctx, step)).toBe(true);
        const last = visited[visited.length - 1] ?? start;
        expect(nextStep(f, ctx, last)).toBeNull();
        expect(isLastStep(f, ctx, last)).toBe(true);
      }),
    );
  });

  it('forward then backward returns to the start', () => {
    fc.assert(
      fc.property(arbFlow, arbCtx, fc.nat(20), (f, ctx, moves) => {
        fc.pre(flowSteps(f, ctx).length > 0);
        const start = firstStep(f, ctx);
        let at = start;
        let taken = 0;
        for (let i = 0; i < moves; i++) {
          const next = nextStep(f, ctx, at);
          if (!next) break;
          at = next;
          taken++;
        }
        for (let i = 0; i < taken; i++) {
          const previous = previousStep(f, ctx, at);
          expect(previous).not.toBeNull();
          if (previous) at = previous;
        }
        expect(at).toEqual(start);
        expect(previousStep(f, ctx, at)).toBeNull();
      }),
    );
  });

  it('never lands on an ineligible step, from any position', () => {
    fc.assert(
      fc.property(arbFlow, arbCtx, fc.nat(5), fc.nat(3), (f, ctx, si, ui) => {
        const at = { sectionIndex: si, subSectionIndex: ui };
        for (const step of [nextStep(f, ctx, at), previousStep(f, ctx, at)]) {
          if (step) expect(eligible(f, ctx, step)).toBe(true);
        }
      }),
    );
  });
});

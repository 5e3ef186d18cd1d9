import type { ComponentConfig, FlowApplication } from '@originate/contract';
import { createFormState, type Step } from '@originate/flow-engine';
import { component, field, flow, hideRule, options, sub } from '@originate/flow-engine/testing';
import { type FormFactory, valuesOf } from './flowModel';
import { createFlowSession, type FlowSessionConfig, type FlowStart } from './flowSession';

const sample = flow([
  { section_id: 'personal', sub_sections: [sub('basic'), sub('income')] },
  { section_id: 'co', applicantType: 'secondary', sub_sections: [sub('co_basic')] },
  { section_id: 'summary', sub_sections: [sub('review', { summary: true })] },
]);
const components = new Map<string, ComponentConfig>(
  [
    component([field('name', 'text', { mandatory: true }), field('city', 'text')], 'comp_basic'),
    component([field('income', 'text', { mandatory: true })], 'comp_income'),
    component([field('co_name', 'text', { mandatory: true })], 'comp_co_basic'),
    component([], 'comp_review'),
  ].map((c) => [c.componentId, c]),
);
const application = (id: string) => ({ application_id: id, mod_time: '2026-01-01T00:00:00.000Z' }) as FlowApplication;

function setup(start: Partial<FlowStart> = {}, extra: Partial<FlowSessionConfig> = {}) {
  const built: string[] = [];
  const formFor: FormFactory = (s, v, j) => {
    const c = components.get(s.componentId);
    if (!c) return null;
    built.push(s.sub_section_id);
    return createFormState(c, valuesOf(s, v, j), options({ applicantType: s.applicant.type }));
  };
  const scheduled: (() => void)[] = [];
  const cancelled: (() => void)[] = [];
  const navigated = jest.fn();
  const session = createFlowSession(
    {
      flow: sample,
      components,
      applicantType: 'primary',
      formFor,
      schedule: (publish) => {
        scheduled.push(publish);
        return () => cancelled.push(publish);
      },
      navigated,
      ...extra,
    },
    {
      values: {},
      joint: [],
      at: { sectionIndex: 0, subSectionIndex: 0 },
      application: null,
      resumeToken: undefined,
      unsynced: false,
      ...start,
    },
  );
  const published = jest.fn();
  session.subscribe(published);
  const drafts = jest.fn();
  session.subscribeChanges(drafts);
  /** The publish waiting for the keystroke's frame, run as the frame would. */
  const paint = () => {
    const publish = scheduled.shift();
    if (!publish) throw new Error('Nothing waits for a frame');
    if (!cancelled.includes(publish)) publish();
  };
  return { session, published, drafts, paint, scheduled, cancelled, navigated, built, formFor };
}

const ids = (steps: readonly Step[]) => steps.map((s) => `${s.sub_section_id}${s.jointIndex ?? ''}`);

describe('flow session: the start', () => {
  it("opens the step where the applicant stopped, with its form over the step's values", () => {
    const { session } = setup({ values: { income: 5000, name: 'Asha' }, at: { sectionIndex: 0, subSectionIndex: 1 } });
    const s = session.getSnapshot();
    expect(ids(s.steps)).toEqual(['basic', 'income', 'review']);
    expect(s.step?.sub_section_id).toBe('income');
    expect(s.form?.values.income).toBe(5000);
    expect(s.status).toMatchObject({ application: null, sync: 'idle', busy: false, submitted: false });
    expect(session.current().step).toBe(s.step);
  });

  it('opens the first step when the one it stopped at is gone, and starts offline with an unsynced draft', () => {
    const { session } = setup({ at: { sectionIndex: 1, subSectionIndex: 0, jointIndex: 0 }, unsynced: true });
    expect(session.getSnapshot().step?.sub_section_id).toBe('basic');
    expect(session.getSnapshot().status.sync).toBe('offline');
    expect(session.unsyncedAtStart).toBe(true);
  });

  it("fills every step's status once asked (after the first paint), reusing the form on screen", () => {
    const { session, built } = setup({ values: { name: 'Asha' } });
    expect(session.getSnapshot().statuses).toEqual({});
    built.length = 0;
    session.fillStatuses(session.getSnapshot().steps);
    expect(built).toEqual(['income', 'review']);
    expect(Object.keys(session.getSnapshot().statuses)).toHaveLength(3);
    built.length = 0;
    session.fillStatuses(session.getSnapshot().steps);
    expect(built).toEqual([]);
  });
});

describe('flow session: a keystroke', () => {
  it('is in the newest state before the screen renders it, and renders once, when its frame painted', () => {
    const { session, published, drafts, paint, scheduled } = setup();
    const before = session.getSnapshot();
    session.type('name', 'A');
    session.type('name', 'As');
    session.type('city', 'Pune');
    expect(scheduled).toHaveLength(1);
    expect(published).not.toHaveBeenCalled();
    expect(session.getSnapshot()).toBe(before);
    expect(session.current().values).toMatchObject({ name: 'As', city: 'Pune' });
    expect(session.current().form?.values).toMatchObject({ name: 'As', city: 'Pune' });
    expect(session.current().changes).toBe(3);
    expect(drafts).toHaveBeenLastCalledWith(true);
    expect(session.getSnapshot()).toBe(before);
    paint();
    expect(published).toHaveBeenCalledTimes(1);
    const after = session.getSnapshot();
    expect(after.form?.values).toMatchObject({ name: 'As', city: 'Pune' });
    expect(after.values).toMatchObject({ name: 'As', city: 'Pune' });
    expect(Object.keys(after.statuses)).toHaveLength(1);
    // Nothing in the flow's context changed: the steps stay the same array.
    expect(after.ctx).toBe(before.ctx);
    expect(after.steps).toBe(before.steps);
  });

  it('renders at once when something must read it (settle), and the waiting publish is cancelled', () => {
    const { session, published, cancelled, scheduled } = setup();
    session.type('name', 'Ravi');
    session.settle();
    expect(published).toHaveBeenCalledTimes(1);
    expect(session.getSnapshot().values.name).toBe('Ravi');
    expect(cancelled).toEqual(scheduled);
    session.settle();
    expect(published).toHaveBeenCalledTimes(1);
  });

  it('commits a change now, or with the next paint', () => {
    const { session, paint } = setup();
    const form = session.current().form;
    if (!form) throw new Error('no form');
    session.commit(createFormState(form.component, { name: 'N' }, options()), ['name'], 'after paint');
    expect(session.getSnapshot().values.name).toBeUndefined();
    paint();
    expect(session.getSnapshot().values.name).toBe('N');
    session.commit(createFormState(form.component, { name: 'M' }, options()), ['name']);
    expect(session.getSnapshot().values.name).toBe('M');
  });

  it("clears the server's refusal of a field once the field is edited", () => {
    const { session } = setup({ application: application('A1') });
    session.dispatch({ type: 'validated', results: [{ key: 'name', valid: false, reason: 'is not on record' }] });
    expect(session.getSnapshot().status.serverErrors.name?.message).toBe('is not on record');
    session.type('name', 'Asha K');
    session.settle();
    expect(session.getSnapshot().status.serverErrors.name).toBeUndefined();
  });

  it("takes a microflow's values: the step's fields through the engine, other keys as they are", () => {
    const { session } = setup();
    session.applyValues({ city: 'Goa', bureau_score: 780 });
    expect(session.getSnapshot().form?.values.city).toBe('Goa');
    expect(session.getSnapshot().values).toMatchObject({ city: 'Goa', bureau_score: 780 });
  });
});

describe("flow session: a rule's target while keys come faster than frames", () => {
  // 'bonus' shows only while the amount equals 250000 (hidden while it does not).
  const ruled = component([field('amount', 'text', { currency_field: true }), field('bonus', 'text')], 'comp_basic');
  const rule = hideRule(
    'r1',
    { type: 'FIELD', key: 'bonus' },
    { operator: 'AND', list: [{ field: 'amount', operator: 'NOT_EQUAL', value: 250000 }] },
    'comp_basic',
  );
  const formFor: FormFactory = (s, v, j) =>
    s.componentId === 'comp_basic'
      ? createFormState(ruled, valuesOf(s, v, j), options({ applicantType: s.applicant.type, rules: [rule] }))
      : null;
  const shownOnScreen = (session: ReturnType<typeof setup>['session']) =>
    !session.getSnapshot().form?.hidden.has('bonus');

  it('is on screen exactly when the rule holds over the value typed, after every key, no frame painted', () => {
    const { session } = setup({}, { formFor });
    const shown = ['2', '25', '250', '2500', '25000', '250000'].map((value) => {
      session.type('amount', value);
      return shownOnScreen(session);
    });
    expect(shown).toEqual([false, false, false, false, false, true]);
    session.type('amount', '2500000');
    expect(shownOnScreen(session)).toBe(false);
  });

  it('leaves the screen at the key that breaks the rule (typing over a value that held it)', () => {
    const { session, paint, scheduled } = setup({ values: { amount: '250000' } }, { formFor });
    expect(shownOnScreen(session)).toBe(true);
    const shown = ['', '2', '25', '250', '2500', '25000', '250000'].map((value, i) => {
      session.type('amount', value);
      // Now and then a frame paints between keys: what it publishes shows the same.
      if (i % 3 === 2 && scheduled.length > 0) paint();
      return shownOnScreen(session);
    });
    expect(shown).toEqual([false, false, false, false, false, false, true]);
  });

  it('leaves consequences that show or hide nothing to the frame after the key', () => {
    const { session, published, scheduled } = setup({}, { formFor });
    session.type('amount', '2');
    session.type('amount', '25');
    expect(published).not.toHaveBeenCalled();
    expect(scheduled).toHaveLength(1);
    session.type('amount', '250000');
    expect(published).toHaveBeenCalledTimes(1);
    expect(session.getSnapshot().form?.values.amount).toBe('250000');
  });
});

describe('flow session: moving', () => {
  it('opens a step with the newest values (a waiting keystroke first), at the top of the page', () => {
    const { session, navigated, drafts } = setup();
    session.type('name', 'Asha');
    const income = session.getSnapshot().steps[1];
    if (!income) throw new Error('no step');
    session.goTo(income);
    const s = session.getSnapshot();
    expect(s.step?.sub_section_id).toBe('income');
    expect(s.form?.component.componentId).toBe('comp_income');
    expect(s.values.name).toBe('Asha');
    expect(navigated).toHaveBeenCalledTimes(1);
    expect(drafts).toHaveBeenLastCalledWith(true);
    expect(session.current().step?.sub_section_id).toBe('income');
  });

  it("refuses Next on an invalid step and marks its invalid fields; passes once they're filled", () => {
    const { session } = setup();
    const refused = session.check();
    expect(refused).toEqual({ ok: false, invalid: ['name'], message: 'Please fill all mandatory fields' });
    expect(session.getSnapshot().form?.dirty.has('name')).toBe(true);
    session.type('name', 'Asha');
    session.settle();
    expect(session.check()).toEqual({ ok: true });
  });

  it('refuses Submit at the first refused step, which opens', () => {
    const { session } = setup({ values: { name: 'Asha' }, at: { sectionIndex: 2, subSectionIndex: 0 } });
    expect(session.getSnapshot().step?.sub_section_id).toBe('review');
    expect(session.checkAll()).toEqual({
      ok: false,
      invalid: ['income'],
      message: 'Please fill all mandatory fields',
    });
    expect(session.getSnapshot().step?.sub_section_id).toBe('income');
    expect(session.getSnapshot().form?.dirty.has('income')).toBe(true);
    session.type('income', '10');
    session.settle();
    expect(session.checkAll()).toEqual({ ok: true });
  });

  it('adds a co-applicant (their steps follow) and removes them, leaving their step for the first', () => {
    const { session, drafts } = setup();
    expect(session.addJoint('secondary', 0)).toBe(true);
    expect(session.getSnapshot().joint).toEqual([
      { applicantId: 'co-0', applicantType: 'secondary', customFields: {} },
    ]);
    expect(ids(session.getSnapshot().steps)).toEqual(['basic', 'income', 'co_basic0', 'review']);
    expect(session.addJoint('guarantor')).toBe(false);
    const theirs = session.getSnapshot().steps[2];
    if (!theirs) throw new Error('no step');
    session.goTo(theirs);
    session.type('co_name', 'Ravi');
    session.settle();
    expect(session.getSnapshot().joint[0]?.customFields).toEqual({ co_name: 'Ravi' });
    expect(session.getSnapshot().values.co_name).toBeUndefined();
    drafts.mockClear();
    session.removeJoint(0);
    expect(session.getSnapshot().joint).toEqual([]);
    expect(session.getSnapshot().step?.sub_section_id).toBe('basic');
    expect(ids(session.getSnapshot().steps)).toEqual(['basic', 'income', 'review']);
    expect(drafts).toHaveBeenCalledWith(true);
  });

  it('follows a new step filter', () => {
    const { session, formFor } = setup();
    session.configure({ formFor, stepFilter: (s) => !s.summary });
    expect(ids(session.getSnapshot().steps)).toEqual(['basic', 'income']);
  });
});

describe("flow session: the server's side", () => {
  it("adopts a save's answer; changes typed while it was on its way stay unsynced", () => {
    const { session, drafts } = setup({ resumeToken: 'tok' });
    const built = session.current().changes;
    session.answered({ application: application('A1') }, built);
    expect(session.getSnapshot().status).toMatchObject({ application: application('A1'), resumeToken: 'tok' });
    expect(session.current().application?.application_id).toBe('A1');
    expect(drafts).toHaveBeenLastCalledWith(false);
    session.type('city', 'Pune');
    session.answered({ application: application('A1'), resumeToken: 'new' }, built);
    expect(drafts).toHaveBeenLastCalledWith(true);
    expect(session.current().resumeToken).toBe('new');
  });

  it('keeps which mandatory validations are pending until they pass', () => {
    const { session } = setup();
    session.expectValidations(['name', 'city']);
    expect(session.pendingValidations(['name', 'income', 'city'])).toEqual(['name', 'city']);
    session.dispatch({
      type: 'validated',
      results: [
        { key: 'name', valid: true },
        { key: 'city', valid: false, reason: 'is not served' },
      ],
    });
    expect(session.pendingValidations(['name', 'city'])).toEqual(['city']);
  });

  it('publishes a change of status, and nothing when the status stays the same', () => {
    const { session, published } = setup();
    session.dispatch({ type: 'busy', busy: false });
    expect(published).not.toHaveBeenCalled();
    session.dispatch({ type: 'busy', busy: true });
    expect(published).toHaveBeenCalledTimes(1);
    expect(session.getSnapshot().status.busy).toBe(true);
  });

  it('cancels a waiting publish when disposed', () => {
    const { session, cancelled, scheduled } = setup();
    session.type('name', 'A');
    session.dispose();
    expect(cancelled).toEqual(scheduled);
  });
});

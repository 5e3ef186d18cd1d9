import type { FlowApplication } from '@originate/contract';
import type { Step } from '@originate/flow-engine';
import { type FlowState, flowReducer, initialFlowState, statusesOf } from './flowState';

const application = (id: string) => ({ application_id: id, mod_time: '2026-01-01T00:00:00.000Z' }) as FlowApplication;

function step(componentId: string, jointIndex?: number): Step {
  return {
    sectionIndex: 0,
    subSectionIndex: 0,
    jointIndex,
    section_id: 's',
    sub_section_id: 'ss',
    componentId,
    route: 'r',
    sectionName: 'S',
    subSectionName: 'SS',
    summary: false,
    applicant: { type: 'primary' },
  };
}

describe('flow state', () => {
  it('starts offline when the device kept a draft the server never got, idle otherwise', () => {
    expect(initialFlowState(null, undefined, true).sync).toBe('offline');
    const fresh = initialFlowState(application('A1'), 'tok', false);
    expect(fresh).toEqual({
      application: application('A1'),
      resumeToken: 'tok',
      sync: 'idle',
      verified: {},
      serverErrors: {},
      preview: null,
      busy: false,
      submitted: false,
    });
  });

  it("adopts a save's answer, keeping the resume token when the answer has none", () => {
    const s0 = initialFlowState(null, 'old', false);
    const s1 = flowReducer(s0, { type: 'answered', application: application('A1'), resumeToken: null });
    expect(s1.application?.application_id).toBe('A1');
    expect(s1.resumeToken).toBe('old');
    const s2 = flowReducer(s1, { type: 'answered', application: application('A1'), resumeToken: 'new' });
    expect(s2.resumeToken).toBe('new');
  });

  it("keeps the new live link 'Send me this link' issued (the one before it is revoked)", () => {
    const s0 = initialFlowState(application('A1'), 'old', false);
    expect(flowReducer(s0, { type: 'resumeToken', resumeToken: 'sent' }).resumeToken).toBe('sent');
  });

  it('records refused mandatory validations and clears the ones that pass', () => {
    const s0 = initialFlowState(null, undefined, false);
    const s1 = flowReducer(s0, {
      type: 'validated',
      results: [
        { key: 'pan', valid: false, reason: 'PAN does not match' },
        { key: 'email', valid: false },
      ],
    });
    expect(s1.serverErrors).toEqual({
      pan: { code: 'invalid', message: 'PAN does not match' },
      email: { code: 'invalid', message: 'is invalid' },
    });
    const s2 = flowReducer(s1, { type: 'validated', results: [{ key: 'pan', valid: true }] });
    expect(s2.serverErrors).toEqual({ email: { code: 'invalid', message: 'is invalid' } });
  });

  it('clears the server error of an edited field, and keeps the same state when none is affected', () => {
    const s1 = flowReducer(initialFlowState(null, undefined, false), {
      type: 'validated',
      results: [{ key: 'pan', valid: false }],
    });
    expect(flowReducer(s1, { type: 'edited', keys: ['name'] })).toBe(s1);
    expect(flowReducer(s1, { type: 'edited', keys: ['name', 'pan'] }).serverErrors).toEqual({});
  });

  it('marks verified and failed fields, the latest word winning', () => {
    let s: FlowState = initialFlowState(null, undefined, false);
    s = flowReducer(s, { type: 'verified', keys: ['pan', 'aadhaar'], isVerified: true });
    s = flowReducer(s, { type: 'verified', keys: ['aadhaar'], isVerified: false });
    expect(s.verified).toEqual({ pan: true, aadhaar: false });
  });

  it('tracks the save status, busy, submitted and the preview; the same status or flag is no change', () => {
    const s0 = initialFlowState(null, undefined, false);
    expect(flowReducer(s0, { type: 'sync', status: 'idle' })).toBe(s0);
    expect(flowReducer(s0, { type: 'sync', status: 'saving' }).sync).toBe('saving');
    expect(flowReducer(s0, { type: 'busy', busy: false })).toBe(s0);
    expect(flowReducer(s0, { type: 'busy', busy: true }).busy).toBe(true);
    expect(flowReducer(s0, { type: 'submitted' }).submitted).toBe(true);
    const preview = { fileName: 'a.pdf', url: 'blob:1', mimeType: 'application/pdf' };
    const s1 = flowReducer(s0, { type: 'preview', preview });
    expect(s1.preview).toEqual(preview);
    expect(flowReducer(s1, { type: 'preview', preview: null }).preview).toBeNull();
  });

  it("keeps the statuses of the given steps only, joint steps by their applicant's index", () => {
    const statuses = { c1: 'COMPLETE', 'c2:0': 'PROGRESS', 'c2:1': 'PENDING', gone: 'COMPLETE' } as const;
    expect(statusesOf(statuses, [step('c1'), step('c2', 0), step('c3')])).toEqual({
      c1: 'COMPLETE',
      'c2:0': 'PROGRESS',
    });
  });
});

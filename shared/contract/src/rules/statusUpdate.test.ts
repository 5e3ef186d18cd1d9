import { statusUpdateAction } from './statusUpdate';

const state = {
  status: 'ACTIVE' as const,
  progress: 'In Progress' as const,
  assigned: true,
  callbackRequested: false,
  hasPreviousStep: false,
};

describe('status update → action', () => {
  it('picks the action that leads to the status from where the application is', () => {
    expect(statusUpdateAction('REJECTED', state)).toEqual({ ok: true, action: 'reject' });
    expect(statusUpdateAction('INACTIVE', state)).toEqual({ ok: true, action: 'inactivate' });
    expect(statusUpdateAction('ACTIVE', { ...state, status: 'REJECTED', progress: 'Rejected' })).toEqual({
      ok: true,
      action: 'cancelReject',
    });
    expect(statusUpdateAction('ACTIVE', { ...state, status: 'CANCELLED', progress: 'Cancelled' })).toEqual({
      ok: true,
      action: 'activate',
    });
  });

  it('refuses the same status, COMPLETED, and a status no action reaches from here', () => {
    expect(statusUpdateAction('ACTIVE', state)).toEqual({ ok: false, reason: 'the application is already ACTIVE' });
    expect(statusUpdateAction('COMPLETED', state).ok).toBe(false);
    const rejected = statusUpdateAction('INACTIVE', { ...state, status: 'REJECTED', progress: 'Rejected' });
    expect(rejected).toEqual({ ok: false, reason: 'inactivate applies to a ACTIVE application, not REJECTED' });
  });
});

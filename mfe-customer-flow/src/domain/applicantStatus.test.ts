import { applicantStatus, canContinue, requestStatus } from './applicantStatus';

const state = (over: Partial<Parameters<typeof applicantStatus>[0]> = {}) => ({
  _applicationStatus: 'ACTIVE',
  mode: 'SAVED',
  stage: 'Document Verification',
  openRequests: 0,
  ...over,
});

describe('applicantStatus', () => {
  it('a draft is not sent yet and may be continued', () => {
    expect(applicantStatus(state({ mode: 'DRAFT' })).label).toBe('Not sent yet');
    expect(canContinue(state({ mode: 'DRAFT' }))).toBe(true);
    expect(canContinue(state())).toBe(false);
    expect(canContinue(state({ mode: 'DRAFT', _applicationStatus: 'CANCELLED' }))).toBe(false);
  });

  it('open requests come before the step', () => {
    expect(applicantStatus(state({ openRequests: 1 }))).toEqual({
      label: 'We need something from you',
      detail: 'We asked you for something: please answer below.',
      tone: 'warning',
    });
    expect(applicantStatus(state({ openRequests: 2 })).detail).toBe('We asked you for 2 things: please answer below.');
  });

  it('names each step in plain words, and any other step generally', () => {
    expect(applicantStatus(state()).detail).toBe('We are checking your documents.');
    expect(applicantStatus(state({ stage: 'Sanction' })).detail).toBe('Your loan is waiting for a final decision.');
    expect(applicantStatus(state({ stage: 'Field Visit' })).detail).toBe('We are working on your application.');
    expect(applicantStatus(state({ stage: null })).label).toBe('In progress');
  });

  it('words every status', () => {
    const labels = ['COMPLETED', 'REJECTED', 'CANCELLED', 'INACTIVE', 'DELETED'].map(
      (s) => applicantStatus(state({ _applicationStatus: s })).label,
    );
    expect(labels).toEqual(['Completed', 'Not approved', 'Cancelled', 'On hold', 'Closed']);
  });
});

describe('requestStatus', () => {
  it('waits for an answer, then for the bank; closed ones take none', () => {
    expect(requestStatus({ status: 'OPEN', answers: [] })).toEqual({
      label: 'Waiting for your answer',
      tone: 'warning',
      answerable: true,
    });
    expect(requestStatus({ status: 'OPEN', answers: [{}] }).label).toBe('Answered: we are checking it');
    expect(requestStatus({ status: 'CLOSED', answers: [{}] }).answerable).toBe(false);
    expect(requestStatus({ status: 'RESOLVED', answers: [] }).answerable).toBe(false);
  });
});

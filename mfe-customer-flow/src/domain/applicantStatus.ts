// How an application's state reads to its applicant (the portal's "Your applications"): plain words
// instead of the bank's statuses, stages and task names. Pure, so the wording is tested once.

export interface ApplicationState {
  _applicationStatus: string;
  /** DRAFT while the applicant is still filling the flow, SAVED once submitted (null: staff made it). */
  mode: string | null;
  /** The bank's current step, or Closed. */
  stage: string | null;
  /** Requests for information still waiting for the applicant. */
  openRequests: number;
}

export type Tone = 'info' | 'success' | 'warning' | 'error' | 'default';

export interface StatusWords {
  label: string;
  detail: string;
  tone: Tone;
}

/** What each step of the bank's lifecycle means to the applicant. */
const STEP_WORDS: Readonly<Record<string, string>> = {
  'Application Capture': 'We are going through the details you gave us.',
  'Document Verification': 'We are checking your documents.',
  'Credit Assessment': 'We are assessing your loan.',
  Sanction: 'Your loan is waiting for a final decision.',
};

export function applicantStatus(app: ApplicationState): StatusWords {
  switch (app._applicationStatus) {
    case 'ACTIVE':
      if (app.mode === 'DRAFT') {
        return {
          label: 'Not sent yet',
          detail: 'You have not sent this application to us yet. Continue where you stopped.',
          tone: 'warning',
        };
      }
      if (app.openRequests > 0) {
        return {
          label: 'We need something from you',
          detail: `We asked you for ${app.openRequests === 1 ? 'something' : `${app.openRequests} things`}: please answer below.`,
          tone: 'warning',
        };
      }
      return {
        label: 'In progress',
        detail: (app.stage && STEP_WORDS[app.stage]) ?? 'We are working on your application.',
        tone: 'info',
      };
    case 'COMPLETED':
      return {
        label: 'Completed',
        detail: 'We have finished with your application and will be in touch.',
        tone: 'success',
      };
    case 'REJECTED':
      return { label: 'Not approved', detail: 'We could not approve this application.', tone: 'error' };
    case 'CANCELLED':
      return { label: 'Cancelled', detail: 'This application was cancelled.', tone: 'default' };
    case 'INACTIVE':
      return { label: 'On hold', detail: 'Your application is paused for now. We will contact you.', tone: 'default' };
    default:
      return { label: 'Closed', detail: 'This application is closed.', tone: 'default' };
  }
}

/** A draft the applicant may continue (where this device holds its resume link). */
export const canContinue = (app: ApplicationState): boolean =>
  app._applicationStatus === 'ACTIVE' && app.mode === 'DRAFT';

export interface RequestState {
  status: 'OPEN' | 'RESOLVED' | 'CLOSED';
  answers: readonly unknown[];
}

/** A request for information as the applicant reads it, and whether they may still answer it. */
export function requestStatus(request: RequestState): { label: string; tone: Tone; answerable: boolean } {
  if (request.status !== 'OPEN') return { label: 'Closed', tone: 'default', answerable: false };
  if (request.answers.length > 0) return { label: 'Answered: we are checking it', tone: 'info', answerable: true };
  return { label: 'Waiting for your answer', tone: 'warning', answerable: true };
}

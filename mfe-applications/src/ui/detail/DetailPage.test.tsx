import { ApiError, type CreditSummaryAnswer, type TaskConfigs } from '@originate/contract';
import { type Session, type SlotHost, SlotRendererContext, sessionAtom, sharedStore } from '@originate/web';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { detailApi } from '../../api/detail';
import { actionAnswer, application, taskConfigs } from '../../test/fixtures';
import DetailPage from './DetailPage';

jest.mock('../../api/detail', () => ({
  detailApi: {
    configs: jest.fn(),
    application: jest.fn(async () => null),
    record: jest.fn(),
    worklogs: jest.fn(async () => []),
    notes: jest.fn(async () => []),
    videoCalls: jest.fn(async () => []),
    creditSummary: jest.fn(),
    completeStep: jest.fn(),
    action: jest.fn(),
  },
}));
jest.mock('../../api/follow', () => ({
  followApi: { state: jest.fn(async () => ({ application_id: 'APP-7', following: false })) },
}));
const mocked = detailApi as jest.Mocked<typeof detailApi>;

const team = { type: 'HIERARCHY' as const, id: 'T-1' };
const CONFIGS = taskConfigs(
  { application_id: 'APP-7', stage: 'Credit review' },
  { taskId: 'TSK-7', assignedTeam: [team] },
);

function login(roles: string[]) {
  const session: Session = {
    access_token: 'token-1',
    refresh_token: 'refresh-1',
    sessionid: 'session-1',
    expires_in: 3600,
    expiry_time: '2026-11-22T11:00:00.000Z',
    issuedAt: 0,
    user: {
      userid: 'USR-1',
      userName: 'officer',
      firstName: 'Olive',
      lastName: 'Officer',
      displayName: 'Olive Officer',
      roles,
      applications: ['originate-backoffice'],
      teams: [team],
    },
  };
  sharedStore.set(sessionAtom, session);
}

const forms: unknown[] = [];
const host: SlotHost = {
  provides: (slot) => slot === 'flowForm',
  render: (slot, props) => {
    forms.push(props);
    return <output>{`${slot} ${JSON.stringify(props)}`}</output>;
  },
};

const SUMMARY: CreditSummaryAnswer = {
  application_id: 'APP-7',
  product_code: 'HL',
  product_name: 'Home loan',
  assembledAt: '2026-12-07T08:35:00.000Z',
  figures: [
    {
      key: 'loanAmount',
      label: 'Loan amount',
      unit: 'INR',
      value: 4_500_000,
      missing: null,
      source: { kind: 'FORM', detail: 'Form field loan_amount', at: '2026-12-07T08:00:00.000Z' },
      cap: null,
      withinCap: null,
    },
    {
      key: 'bureauScore',
      label: 'Bureau score',
      unit: 'SCORE',
      value: null,
      missing: 'bureau not fetched',
      source: null,
      cap: null,
      withinCap: null,
    },
  ],
  decision: { outcome: null, deviations: [], missing: 'credit decision not run', source: null },
  documents: {
    items: [
      { fieldKey: 'salary_slips', label: 'Last 3 salary slips', required: true, received: 0, lastReceivedAt: null },
    ],
    requiredMissing: 1,
    source: { kind: 'DOCUMENTS', detail: "The product's upload fields", at: null },
  },
};

function renderPage(configs: TaskConfigs = CONFIGS) {
  mocked.configs.mockResolvedValue(configs);
  mocked.creditSummary.mockResolvedValue(SUMMARY);
  mocked.record.mockResolvedValue(
    application({ application_id: 'APP-7', applicant: { primary: { fullName: 'Asha Rao' } } }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SlotRendererContext value={host}>
        <DetailPage applicationId="APP-7" />
      </SlotRendererContext>
    </QueryClientProvider>,
  );
}

const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

afterEach(() => {
  act(() => sharedStore.set(sessionAtom, null));
  forms.length = 0;
  jest.clearAllMocks();
});

describe('DetailPage', () => {
  it('shows the header and every tab to the assignee, the form editable in the Save tab', async () => {
    login(['APPLICATIONS_ACTIONS', 'TASK_REVIEW_DATE', 'MANAGE_DOCUMENT']);
    renderPage();
    expect(await screen.findByText('Application APP-7')).toBeTruthy();
    expect(screen.getByTestId('header-Assignee').textContent).toBe('Olive Officer (you)');
    expect((await screen.findByText('Home loan (HL)')).dataset.testid).toBe('header-Product');
    expect(screen.getByTestId('header-Applicant').textContent).toBe('Asha Rao');
    expect(tabNames()).toEqual([
      'Summary',
      'Snooze',
      'Worklogs',
      'Queries',
      'Docs',
      'Notes',
      'Approvals',
      'Tasks',
      'Save',
      'Actions',
      'Close',
    ]);
    expect(screen.getByRole('tab', { name: 'Save' }).getAttribute('aria-selected')).toBe('true');
    expect(forms).toContainEqual(
      expect.objectContaining({
        applicationId: 'APP-7',
        access: 'WRITE',
        applicantType: 'primary',
        // The form's field access control is evaluated for the user (flowForm's viewer).
        viewer: { roles: ['APPLICATIONS_ACTIONS', 'TASK_REVIEW_DATE', 'MANAGE_DOCUMENT'], teams: [team] },
      }),
    );
    expect(mocked.configs).toHaveBeenCalledWith('APP-7', undefined);
  });

  it('opens the Summary first for a user the task is not assigned to; the form read only in its tab, no Save, Actions or Close', async () => {
    login(['APPLICATIONS_ACTIONS']);
    renderPage({ ...CONFIGS, assigned: false });
    await screen.findByText('Application APP-7');
    expect(tabNames()).toEqual([
      'Summary',
      'Application form',
      'Worklogs',
      'Queries',
      'Docs',
      'Notes',
      'Approvals',
      'Tasks',
    ]);
    expect(screen.getByRole('tab', { name: 'Summary' }).getAttribute('aria-selected')).toBe('true');
    const tab = await screen.findByTestId('summary-tab');
    expect(within(tab).getByTestId('summary-loanAmount').textContent).toContain('₹45,00,000 (45 lakh)');
    expect(within(tab).getByTestId('summary-loanAmount').textContent).toContain(
      'Form · Form field loan_amount · 07/12/2026 13:30:00 IST',
    );
    expect(within(tab).getByTestId('summary-bureauScore').textContent).toContain(
      'Not yet available: bureau not fetched',
    );
    expect(within(tab).getByText('Required – not received')).toBeTruthy();
    // The header's strip has the key figures too.
    expect(within(screen.getByTestId('summary-strip')).getByTestId('key-loanAmount').textContent).toBe(
      '₹45,00,000 (45 lakh)',
    );
    expect(forms).toEqual([]);
    fireEvent.click(screen.getByRole('tab', { name: 'Application form' }));
    expect(forms).toContainEqual(expect.objectContaining({ access: 'READ' }));
    expect(forms).not.toContainEqual(expect.objectContaining({ access: 'WRITE' }));
    expect(screen.getByText(/Read only: the task is not assigned to you/)).toBeTruthy();
  });

  it('has no Actions tab without APPLICATIONS_ACTIONS', async () => {
    login(['MANAGE_DOCUMENT']);
    renderPage();
    await screen.findByText('Application APP-7');
    expect(tabNames()).not.toContain('Actions');
    expect(tabNames()).toContain('Close');
  });

  it('shows a refused completion by its error with what to do', async () => {
    login(['APPLICATIONS_ACTIONS']);
    mocked.completeStep.mockRejectedValue(
      new ApiError(409, {
        code: 409,
        message: 'QUERIES_PENDING',
        errors: [{ label: 'QUERIES_PENDING', reason: '1 query(ies) are still open' }],
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Complete step' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Comment'), { target: { value: 'All checks done' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete step' }));
    const problem = await screen.findByTestId('completion-problem');
    expect(problem.textContent).toContain('QUERIES_PENDING');
    expect(problem.textContent).toContain('1 query(ies) are still open');
    expect(problem.textContent).toContain('Close (or resolve) them in the Queries tab');
    expect(mocked.completeStep).toHaveBeenCalledWith({
      application_id: 'APP-7',
      taskId: 'TSK-7',
      comment: 'All checks done',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('confirms an action with its optional comment and sends it for the task', async () => {
    login(['APPLICATIONS_ACTIONS']);
    mocked.action.mockResolvedValue(actionAnswer({ application_id: 'APP-7', taskId: 'TSK-7', status: 'INACTIVE' }));
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Actions' }));
    fireEvent.click(screen.getByRole('button', { name: 'Inactivate' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Inactivate' }));
    await waitFor(() =>
      expect(mocked.action).toHaveBeenCalledWith('inactivate', {
        application_id: 'APP-7',
        taskId: 'TSK-7',
        comment: undefined,
      }),
    );
    await waitFor(() => expect(mocked.configs).toHaveBeenCalledTimes(2));
  });
});

import { ApiError, type Lifecycle } from '@originate/contract';
import { LIFECYCLE_CASES_KNOWN, lifecycleCaseBase } from '@originate/contract/cases';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Directory } from '../../api/lifecycles';
import { saveLifecycle } from '../../api/lifecycles';
import { LifecycleEditor } from './LifecycleEditor';

jest.mock('../../api/lifecycles', () => ({ saveLifecycle: jest.fn() }));
const save = saveLifecycle as jest.MockedFunction<typeof saveLifecycle>;

const initial: Lifecycle = { ...lifecycleCaseBase(), verNum: 3 };

/** The demo directory the cases name: every team by its id, the users without teams. */
const directory: Directory = {
  teams: LIFECYCLE_CASES_KNOWN.teams.map((id) => ({
    id,
    name: id,
    type: LIFECYCLE_CASES_KNOWN.departments.includes(id) ? 'DEPT' : 'HIERARCHY',
  })),
  users: LIFECYCLE_CASES_KNOWN.users.map((userid) => ({
    userid,
    name: userid,
    userName: userid,
    roles: [],
    teams: [],
  })),
};

function renderEditor(readOnly = false, onSaved = jest.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LifecycleEditor initial={initial} directory={directory} readOnly={readOnly} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return onSaved;
}

const status = () => screen.getByTestId('lifecycle-status').textContent;
const stepName = (n: number) => screen.getByLabelText(`Name of step ${n}`);

afterEach(() => jest.clearAllMocks());

it('opens with no changes and nothing to save', () => {
  renderEditor();
  expect(screen.getByText(/^Version 3/)).toBeTruthy();
  expect(status()).toBe('No changes');
  expect((screen.getByRole('button', { name: 'Save…' }) as HTMLButtonElement).disabled).toBe(true);
});

it('names the problem beside the field as it is typed, and will not save until it is fixed', () => {
  renderEditor();
  fireEvent.change(stepName(3), { target: { value: 'Valuation' } });
  expect(status()).toMatch(/^\d+ problems? to fix before saving$/);
  expect(screen.getByText("Step 'Valuation': another step has the same name")).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Save…' }) as HTMLButtonElement).disabled).toBe(true);
  fireEvent.change(stepName(3), { target: { value: 'Final Sanction' } });
  expect(status()).toMatch(/^\d+ changes? not saved$/);
});

it('shows what changed against the version it started from, then saves a new version', async () => {
  save.mockResolvedValue({ ...initial, verNum: 4 } as never);
  const onSaved = renderEditor();
  fireEvent.change(stepName(3), { target: { value: 'Final Sanction' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save…' }));
  const dialog = screen.getByRole('dialog', { name: 'Save the PL lifecycle as a new version?' });
  expect(within(dialog).getByRole('list', { name: 'Changes' }).textContent).toMatch(/Final Sanction/);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save new version' }));
  await screen.findByText(/^Version 3/);
  await new Promise((r) => setTimeout(r, 0));
  expect(save).toHaveBeenCalledTimes(1);
  expect(save.mock.calls[0]?.[0].steps.map((s) => s.stepName)).toEqual([
    'Application Capture',
    'Valuation',
    'Final Sanction',
  ]);
  expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ verNum: 4 }));
});

it('says what to do when someone saved another version meanwhile (409)', async () => {
  save.mockRejectedValue(new ApiError(409, { message: 'stale' }, '/setup/configs/Workflow/PL'));
  renderEditor();
  fireEvent.change(stepName(3), { target: { value: 'Final Sanction' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save…' }));
  fireEvent.click(screen.getByRole('button', { name: 'Save new version' }));
  expect(
    await screen.findByText(/Someone saved another version of this lifecycle since you opened version 3/),
  ).toBeTruthy();
});

it('is read only for staff who may not change lifecycles', () => {
  renderEditor(true);
  expect(screen.getByText('Read only: only an operations admin changes lifecycles.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Save…' })).toBeNull();
  expect(screen.queryByRole('button', { name: /Add a step/ })).toBeNull();
});

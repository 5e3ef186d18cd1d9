import type { UserCandidate } from '@originate/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import * as api from '../../api/lists';
import { task } from '../../test/fixtures';
import { ActionDialog } from './ActionDialog';

jest.mock('../../api/lists');
const mocked = jest.mocked(api);

const candidate = (userid: string, displayName: string, userName: string): UserCandidate => ({
  userid,
  userName,
  displayName,
  teams: [{ id: 'TEAM-MUM-WEST', name: 'Mumbai West Branch' }],
});
const PRIYA = candidate('USR-1002', 'Priya Sharma', 'teamlead');
const VIKRAM = candidate('USR-1003', 'Vikram Nair', 'approver');

function mount(onConfirm: jest.Mock, action: 'Reassign' | 'Rebook' = 'Reassign') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ActionDialog action={action} row={task()} busy={false} onCancel={() => undefined} onConfirm={onConfirm} />
    </QueryClientProvider>,
  );
}

describe('the reassign dialog', () => {
  it("picks by name among the server's candidates for reassigning this task, and confirms with the user id", async () => {
    mocked.fetchUserCandidates.mockImplementation(async (query) =>
      query.search
        ? [PRIYA, VIKRAM].filter((u) => u.displayName.toLowerCase().includes(query.search ?? ''))
        : [PRIYA, VIKRAM],
    );
    const onConfirm = jest.fn();
    mount(onConfirm);
    const dialog = screen.getByRole('dialog', { name: 'Reassign APP-0001' });
    const reassign = within(dialog).getByRole('button', { name: 'Reassign' });
    expect(reassign).toHaveProperty('disabled', true);
    expect(mocked.fetchUserCandidates).toHaveBeenCalledWith({
      purpose: 'reassign',
      application_id: 'APP-0001',
      taskId: 'TSK-1',
    });

    const picker = within(dialog).getByRole('combobox', { name: 'Assign to' });
    fireEvent.mouseDown(picker);
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(2));
    // Name, username and team on each option.
    expect(within(listbox).getAllByRole('option')[0]?.textContent).toBe('Priya Sharma · teamleadMumbai West Branch');

    // Typing searches on the server once typing pauses.
    // The typing user's focus is in the box (the dialog's focus trap keeps it elsewhere otherwise).
    picker.focus();
    fireEvent.change(picker, { target: { value: 'vik' } });
    await waitFor(() =>
      expect(mocked.fetchUserCandidates).toHaveBeenLastCalledWith({
        purpose: 'reassign',
        application_id: 'APP-0001',
        taskId: 'TSK-1',
        search: 'vik',
      }),
    );
    await waitFor(() => expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: /Vikram Nair/ }));
    expect(picker).toHaveProperty('value', 'Vikram Nair (approver)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    expect(onConfirm).toHaveBeenCalledWith({ assignTo: 'USR-1003' });
  });

  it("shows the server's refusal to list users", async () => {
    mocked.fetchUserCandidates.mockRejectedValue(new Error('You may not reassign this application'));
    mount(jest.fn());
    expect(await screen.findByText(/You cannot list users for this: You may not reassign/)).toBeTruthy();
  });
});

describe('the rebook dialog', () => {
  it('asks when to call back, refuses a time not ahead, and confirms with the ISO instant', () => {
    const onConfirm = jest.fn();
    mount(onConfirm, 'Rebook');
    const dialog = screen.getByRole('dialog', { name: 'Rebook callback APP-0001' });
    const confirm = within(dialog).getByRole('button', { name: 'Rebook callback' });
    expect(confirm).toHaveProperty('disabled', true);
    const time = within(dialog).getByLabelText(/Call back at/);
    fireEvent.change(time, { target: { value: '2020-01-01T10:00' } });
    expect(within(dialog).getByText('The callback time must be in the future')).toBeTruthy();
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.change(time, { target: { value: '2099-03-04T15:30' } });
    expect(confirm).toHaveProperty('disabled', false);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith({ callbackAt: new Date('2099-03-04T15:30').toISOString() });
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import * as api from '../service/api';
import { LEAD_ROLES, OFFICER_ROLES, staff, task } from '../test/fixtures';
import { ActionDialog } from './ActionDialog';

jest.mock('../service/api');
const mocked = jest.mocked(api);

function mount(onConfirm: jest.Mock) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ActionDialog action="Reassign" row={task()} busy={false} onCancel={() => undefined} onConfirm={onConfirm} />
    </QueryClientProvider>,
  );
}

describe('the reassign dialog', () => {
  it('lists the users the server offers except the assignee, and confirms with the one picked', async () => {
    mocked.fetchAssignees.mockResolvedValue([staff('USR-1001', OFFICER_ROLES), staff('USR-1002', LEAD_ROLES)]);
    const onConfirm = jest.fn();
    mount(onConfirm);
    const dialog = screen.getByRole('dialog', { name: 'Reassign APP-0001' });
    const reassign = within(dialog).getByRole('button', { name: 'Reassign' });
    expect(reassign).toHaveProperty('disabled', true);
    const picker = within(dialog).getByRole('combobox', { name: 'Assign to' });
    await waitFor(() => expect(picker).toHaveProperty('disabled', false));
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a user', 'Test USR-1002 (usr-1002)']);
    fireEvent.change(picker, { target: { value: 'USR-1002' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    expect(onConfirm).toHaveBeenCalledWith({ assignTo: 'USR-1002' });
  });
});

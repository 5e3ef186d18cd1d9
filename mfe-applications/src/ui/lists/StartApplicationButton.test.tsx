import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import * as api from '../../api/internal';
import { OFFICER_ROLES } from '../../test/fixtures';
import { StartApplicationButton } from './StartApplicationButton';

jest.mock('../../api/internal');
const mocked = jest.mocked(api);

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function mount(roles: readonly string[], list: 'NEW_INTERNAL' | 'MY_APPLICATIONS' = 'NEW_INTERNAL') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/internal/new']}>
        <Routes>
          <Route path="/internal/new" element={<StartApplicationButton list={list} roles={roles} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  jest.resetAllMocks();
  mocked.fetchProductList.mockResolvedValue([
    { product_code: 'PL', product_name: 'Personal Loan', description: 'x', flowId: 'personal_loan', verNum: 243 },
    { product_code: 'HL', product_name: 'Home Loan', description: 'x', flowId: 'home_loan', verNum: 243 },
  ]);
  mocked.startApplication.mockResolvedValue('PL-2026-500001');
});

it('starts the picked product and opens the customer flow in staff mode', async () => {
  mount(OFFICER_ROLES);
  fireEvent.click(screen.getByRole('button', { name: 'Start application' }));
  const dialog = screen.getByRole('dialog', { name: 'Start application' });
  expect(within(dialog).getByRole('button', { name: 'Start' })).toHaveProperty('disabled', true);
  await waitFor(() =>
    expect(within(dialog).getByRole('combobox', { name: 'Product' }).getAttribute('aria-disabled')).toBeNull(),
  );
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Product' }));
  fireEvent.click(await screen.findByRole('option', { name: 'Personal Loan' }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
  await waitFor(() =>
    expect(screen.getByTestId('where').textContent).toBe('/backstage/newapplication?resume=PL-2026-500001'),
  );
  expect(mocked.startApplication).toHaveBeenCalledWith({ product_code: 'PL' });
});

it('shows nothing to a user who may not start applications, nor on other lists', () => {
  const { unmount } = mount(['NOTIFICATION', 'BH']);
  expect(screen.queryByRole('button', { name: 'Start application' })).toBeNull();
  unmount();
  mount(OFFICER_ROLES, 'MY_APPLICATIONS');
  expect(screen.queryByRole('button', { name: 'Start application' })).toBeNull();
});

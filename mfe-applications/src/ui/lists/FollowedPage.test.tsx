import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { followApi } from '../../api/follow';
import type { LiveSocket } from '../../api/live';
import { task } from '../../test/fixtures';
import { FollowedPage } from './FollowedPage';

jest.mock('../../api/follow', () => ({ followApi: { followed: jest.fn() } }));
jest.mock('../../api/live', () => ({
  ...jest.requireActual('../../api/live'),
  openSocketIo: (): LiveSocket => ({ on: () => undefined, disconnect: () => undefined }),
}));
const mocked = followApi as jest.Mocked<typeof followApi>;

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <FollowedPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => jest.clearAllMocks());

it('lists the followed applications the server answers, first page of 10', async () => {
  mocked.followed.mockResolvedValue({
    data: [
      task({
        application_id: 'PL-2026-000140',
        taskId: 'TSK-1',
        applicantName: 'Asha Rao',
        stage: 'Credit Assessment',
      }),
    ],
    count: 1,
  });
  renderPage();
  const grid = await screen.findByRole('grid', { name: 'Followed applications' });
  expect(await within(grid).findByText('PL-2026-000140')).toBeTruthy();
  expect(within(grid).getByText('Asha Rao')).toBeTruthy();
  expect(mocked.followed).toHaveBeenCalledWith(0, 10);
});

it('says so when the user follows nothing', async () => {
  mocked.followed.mockResolvedValue({ data: [], count: 0 });
  renderPage();
  expect(await screen.findByText(/You follow no application/)).toBeTruthy();
});

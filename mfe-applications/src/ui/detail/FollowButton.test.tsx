import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { followApi } from '../../api/follow';
import { FollowButton } from './FollowButton';

jest.mock('../../api/follow', () => ({
  followApi: { state: jest.fn(), follow: jest.fn(), unfollow: jest.fn() },
}));
const mocked = followApi as jest.Mocked<typeof followApi>;

function renderButton() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <FollowButton applicationId="APP-7" />
    </QueryClientProvider>,
  );
}

afterEach(() => jest.clearAllMocks());

it('follows an application the caller does not follow, then offers Unfollow', async () => {
  mocked.state.mockResolvedValue({ application_id: 'APP-7', following: false });
  mocked.follow.mockResolvedValue({ application_id: 'APP-7', following: true });
  renderButton();
  fireEvent.click(await screen.findByRole('button', { name: 'Follow' }));
  expect((await screen.findByRole('button', { name: 'Unfollow' })).getAttribute('aria-pressed')).toBe('true');
  expect(mocked.follow).toHaveBeenCalledWith('APP-7');
});

it('unfollows a followed application', async () => {
  mocked.state.mockResolvedValue({ application_id: 'APP-7', following: true });
  mocked.unfollow.mockResolvedValue({ application_id: 'APP-7', following: false });
  renderButton();
  fireEvent.click(await screen.findByRole('button', { name: 'Unfollow' }));
  expect((await screen.findByRole('button', { name: 'Follow' })).getAttribute('aria-pressed')).toBe('false');
  expect(mocked.unfollow).toHaveBeenCalledWith('APP-7');
});

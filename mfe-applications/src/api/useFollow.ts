// The follow state of one application as a query under its detail keys (a detail refresh refreshes it too),
// and the toggle whose answer becomes that query's data.
import { reportError } from '@originate/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { followApi } from './follow';
import { detailKeys } from './keys';

const followKey = (applicationId: string) => [...detailKeys.all(applicationId), 'follow'] as const;

export const useFollowState = (applicationId: string) =>
  useQuery({ queryKey: followKey(applicationId), queryFn: () => followApi.state(applicationId) });

export function useFollowToggle(applicationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => (follow ? followApi.follow(applicationId) : followApi.unfollow(applicationId)),
    onSuccess: (state) => client.setQueryData(followKey(applicationId), state),
    onError: (error: Error) => reportError(error),
  });
}

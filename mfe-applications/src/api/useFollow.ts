// The follow state of one application as a query under its detail keys (a detail refresh refreshes it too),
// the toggle whose answer becomes that query's data, and the Followed list's pages.
import { reportError } from '@originate/web';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { followApi } from './follow';
import { detailKeys, listKeys } from './keys';

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

/** A page of the Followed list; under the list keys' searches, so a live change anywhere refetches it. */
export const useFollowed = (page: number, size: number) =>
  useQuery({
    queryKey: [...listKeys.searches, 'followed', page, size],
    queryFn: () => followApi.followed(page, size),
    placeholderData: keepPreviousData,
  });

// Hooks of the signed-in user's record: the profile, and saving the team selection (the profile refetches).
// Refusals are reported through the web package.
import { reportError } from '@originate/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userKeys } from './keys';
import { fetchUser, saveSelectedTeams } from './users';

export function useUser(userid: string) {
  return useQuery({ queryKey: userKeys.user(userid), queryFn: () => fetchUser(userid) });
}

export function useSaveSelectedTeams(userid: string, onSaved: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSelectedTeams,
    onSuccess: () => {
      onSaved();
      return client.invalidateQueries({ queryKey: userKeys.user(userid) });
    },
    onError: reportError,
  });
}

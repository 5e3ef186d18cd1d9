// The signed-in user's own record and team selection, through the web package's one http client.
import { API_PATHS, apiPath, type SelectedTeamsAnswer, type User } from '@originate/contract';
import { api } from '@originate/web';

/** GET /v3/users/:userid. */
export function fetchUser(userid: string): Promise<User> {
  return api.get<User>(apiPath('user', { userid }));
}

/** POST /v3/users/update_selected_teams: the teams lists and assignments use. */
export function saveSelectedTeams(teams: string[]): Promise<SelectedTeamsAnswer> {
  return api.post<SelectedTeamsAnswer>(API_PATHS.updateSelectedTeams, { teams });
}

// Following an application (the server's modules/follows): whether the caller follows it, follow, unfollow,
// and the Followed list.
import {
  API_PATHS,
  apiPath,
  type FollowedApplicationsBody,
  type FollowState,
  type SearchPage,
} from '@originate/contract';
import { api } from '@originate/web';

const path = (applicationId: string) => apiPath('followApplication', { applicationId });

export const followApi = {
  state: (applicationId: string) => api.get<FollowState>(path(applicationId)),
  follow: (applicationId: string) => api.post<FollowState>(path(applicationId)),
  unfollow: (applicationId: string) => api.delete<FollowState>(path(applicationId)),
  /** POST /backstage/getApplicationsFollowed: a page of the caller's followed applications, newest follow first. */
  followed: (page: number, size: number) => {
    const body: FollowedApplicationsBody = { page, size };
    return api.post<SearchPage>(API_PATHS.applicationsFollowed, body);
  },
};

// Following an application (the server's modules/follows): whether the caller follows it, follow, unfollow.
import { apiPath, type FollowState } from '@originate/contract';
import { api } from '@originate/web';

const path = (applicationId: string) => apiPath('followApplication', { applicationId });

export const followApi = {
  state: (applicationId: string) => api.get<FollowState>(path(applicationId)),
  follow: (applicationId: string) => api.post<FollowState>(path(applicationId)),
  unfollow: (applicationId: string) => api.delete<FollowState>(path(applicationId)),
};

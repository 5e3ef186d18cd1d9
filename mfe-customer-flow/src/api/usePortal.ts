// The applicant portal's reads: the applications of the signed-in e-mail, and one application's requests
// for information.
import { useQuery } from '@tanstack/react-query';
import { flowKeys } from './keys';
import { fetchMyApplications, fetchRequests } from './portal';

export function useMyApplications(email: string) {
  return useQuery({ queryKey: flowKeys.myApplications(email), queryFn: () => fetchMyApplications(email) });
}

export function useRequests(applicationId: string) {
  return useQuery({ queryKey: flowKeys.requests(applicationId), queryFn: () => fetchRequests(applicationId) });
}

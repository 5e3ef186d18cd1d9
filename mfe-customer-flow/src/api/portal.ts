// The applicant portal beyond the flow (mock-server README "Applicant portal"): sign-in by e-mail code,
// the applicant's applications and what the bank asked them.
import {
  type AnswerQueryBody,
  API_PATHS,
  APPLICATION_TASKS_QUERY,
  type ApplicantRequest,
  apiPath,
  type CodeSentAnswer,
  type GraphQLAnswer,
  type PortalSessionAnswer,
  type SubTaskChangeAnswer,
} from '@originate/contract';
import {
  ApplicantRequestsAnswerSchema,
  ApplicationTasksResultSchema,
  PortalSessionAnswerSchema,
  parseWithSchema,
} from '@originate/contract/schemas';
import { api } from '@originate/web';
import Type from 'typebox';

/** Sends a sign-in code to the e-mail (the server answers the same whether or not it knows the e-mail). */
export function sendSignInCode(email: string): Promise<CodeSentAnswer> {
  return api.post<CodeSentAnswer>(API_PATHS.portalSendCode, { email });
}

/** The right code opens an applicant session that names the proved e-mail. */
export function verifySignInCode(email: string, code: string): Promise<PortalSessionAnswer> {
  return api
    .post<unknown>(API_PATHS.portalVerifyCode, { email, code })
    .then((body) => parseWithSchema(PortalSessionAnswerSchema, body, 'sign-in answer'));
}

/** A session for another application of the proved e-mail (uploads are per application). */
export function openApplication(applicationId: string): Promise<PortalSessionAnswer> {
  return api
    .post<unknown>(API_PATHS.portalOpenApplication, { application_id: applicationId })
    .then((body) => parseWithSchema(PortalSessionAnswerSchema, body, 'open answer'));
}

const MyApplicationsSchema = Type.Object({ applicationTasks: ApplicationTasksResultSchema });

/** GraphQL 'applicationTasks' for the e-mail this session proved: the applicant's applications, newest first. */
export async function fetchMyApplications(email: string) {
  const answer = await api.post<GraphQLAnswer<unknown>>(
    API_PATHS.graphql,
    {
      query: APPLICATION_TASKS_QUERY,
      variables: { email, page: { page: 0, size: 50 } },
      operationName: 'ApplicationTasks',
    },
    { encrypted: true },
  );
  return parseWithSchema(MyApplicationsSchema, answer.data, 'your applications').applicationTasks;
}

/** What the bank asked the applicant about this application, with their answers. */
export function fetchRequests(applicationId: string): Promise<ApplicantRequest[]> {
  return api
    .get<unknown>(apiPath('applicationQueries', { applicationId }))
    .then((body) => parseWithSchema(ApplicantRequestsAnswerSchema, body, 'requests').data);
}

export function answerRequest(body: AnswerQueryBody): Promise<SubTaskChangeAnswer> {
  return api.post<SubTaskChangeAnswer>(API_PATHS.updateAndResolveQuery, body);
}

// The calls of applications staff start (New Internal): the products, starting one, and the resume link
// sent to its applicant, through the web package's one http client and API_PATHS.
import {
  API_PATHS,
  type ApplicationAnswer,
  type ProductSummary,
  type ResumeLinkAnswer,
  type StartApplicationBody,
} from '@originate/contract';
import { api } from '@originate/web';

/** GET /v3/lead/getAllProducts: the products an application can be started for. */
export function fetchProductList(): Promise<ProductSummary[]> {
  return api.get<ProductSummary[]>(API_PATHS.productList);
}

/** POST /v3/application/create: a new application started by the caller; answers its id. */
export async function startApplication(body: StartApplicationBody): Promise<string> {
  return (await api.post<ApplicationAnswer>(API_PATHS.startApplication, body)).application.application_id;
}

/** POST /v3/application/resume-link: a link the applicant opens to resume (it replaces the previous one). */
export function issueResumeLink(applicationId: string): Promise<ResumeLinkAnswer> {
  return api.post<ResumeLinkAnswer>(API_PATHS.resumeLink, { application_id: applicationId });
}

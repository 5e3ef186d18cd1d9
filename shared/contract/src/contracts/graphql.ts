// The GraphQL documents the browser sends to /v3/graphql (spec §7 "Lists and search"); the schema they
// are checked against is BACK_OFFICE_SDL (answers/lists.ts, written from the answer schemas). The request
// body travels as the {data} envelope (spec §7: 'The graphql body ... encrypted as {data}').
import type { ApplicationDetail, ApplicationsData } from './answers/lists';

/** What POST /v3/graphql answers to a document: its fields under data (a refusal is the error answer). */
export interface GraphQLAnswer<Data> {
  data: Data;
}
export type ApplicationsQueryAnswer = GraphQLAnswer<{ applications: { data: ApplicationsData } }>;
export type ApplicationQueryAnswer = GraphQLAnswer<{ application: ApplicationDetail | null }>;

/** The list page: rows, total and the three count groups. */
export const APPLICATIONS_QUERY = /* GraphQL */ `
  query Applications(
    $list: ApplicationList!
    $filters: [FilterInput!]
    $search: String
    $bucket: ReviewBucket
    $sort: SortInput
    $page: PageInput!
  ) {
    applications(list: $list, filters: $filters, search: $search, bucket: $bucket, sort: $sort, page: $page) {
      data {
        count
        closedCount
        stageWise { stepName count }
        taskNameWise { taskName count }
        versionNumberWise { versionNumber count }
        tasks {
          taskId name stepName stepNumber type progress subStatus assignedTo assignedToName
          assignedTeam { type id name allTeams }
          allowedUsers reviewDate due_time start_time end_time
          operationalLevelAgreement {
            overall { status startTS endTS timeLimit { enabled valueInMins expectedEndTS } }
            queued { status startTS endTS timeLimit { enabled valueInMins expectedEndTS } }
            assigned { status startTS endTS timeLimit { enabled valueInMins expectedEndTS } }
          }
          blocking activeOn
          flowInfo { product_code flowName verNum }
          stepInfo { stepType stepName stepNumber }
          actions { type value }
          application_id product_code product_name _applicationStatus stage verNum loanAmount applicantName
          initiatedBy { id username displayName }
          cre_time mod_time
        }
      }
    }
  }
`;

export const APPLICATION_QUERY = /* GraphQL */ `
  query Application($application_id: String!) {
    application(application_id: $application_id) {
      application_id product_code product_name _applicationStatus
      appLifeCycle {
        stage
        steps {
          stepName type summaryEnabled
          assignmentInfo { assignedTo assignedTeam { type id name allTeams } allowedUsers progress taskName taskId }
        }
      }
    }
  }
`;

/**
 * The applicant portal's list ('applicationTasks' for the portal): the applications of the
 * e-mail the applicant proved, with the requests waiting for them. An applicant session may ask only for
 * its own verified e-mail (mock-server README "Applicant portal").
 */
export const APPLICATION_TASKS_QUERY = /* GraphQL */ `
  query ApplicationTasks($email: String!, $page: PageInput!) {
    applicationTasks(email: $email, page: $page) {
      count
      data {
        application_id _applicationStatus email product_code product_name stage mode cre_time openRequests
        tasks { taskId name stepName progress }
      }
    }
  }
`;

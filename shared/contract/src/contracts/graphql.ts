// The GraphQL contract at /v3/graphql (spec §7 "Lists and search"): the server builds its schema from
// this SDL (mercurius), the browser sends the documents below. The request body travels as the {data}
// envelope (spec §7: 'The graphql body ... encrypted as {data}').

export const BACK_OFFICE_SDL = /* GraphQL */ `
  enum ApplicationList {
    MY_APPLICATIONS
    TEAM_APPLICATIONS
    ALL
    REJECTED
    CANCELLED
    MY_APPROVALS
    MY_QUERIES
    MY_INTERNAL
    NEW_INTERNAL
  }
  enum FilterOperator {
    EQUAL
    NOT_EQUAL
    GREATER_THAN
    LESS_THAN
    GREATER_THAN_OR_EQUAL
    LESS_THAN_OR_EQUAL
    CONTAINS
    ENDS_WITH
  }
  enum SortDirection {
    asc
    desc
  }
  enum ReviewBucket {
    Today
    Future
    All
  }
  input FilterInput {
    field: String!
    operator: FilterOperator!
    value: String!
  }
  input SortInput {
    field: String!
    direction: SortDirection!
  }
  input PageInput {
    page: Int!
    size: Int!
  }
  type Team {
    type: String!
    id: String!
    name: String
    allTeams: Boolean
  }
  type Initiator {
    id: String!
    username: String!
    displayName: String!
  }
  type TimeLimit {
    enabled: Boolean!
    valueInMins: Int!
    expectedEndTS: String
  }
  type SlaPart {
    status: String!
    startTS: String
    endTS: String
    timeLimit: TimeLimit!
  }
  type OperationalLevelAgreement {
    overall: SlaPart!
    queued: SlaPart!
    assigned: SlaPart!
  }
  type ListTask {
    taskId: String!
    name: String!
    stepName: String!
    stepNumber: Int!
    type: String!
    progress: String!
    subStatus: String!
    assignedTo: String
    assignedToName: String
    assignedTeam: [Team!]!
    allowedUsers: [String!]!
    reviewDate: String
    due_time: String
    start_time: String!
    end_time: String
    operationalLevelAgreement: OperationalLevelAgreement!
    application_id: String!
    product_code: String!
    product_name: String!
    _applicationStatus: String!
    stage: String!
    verNum: Int!
    loanAmount: Float!
    applicantName: String!
    initiatedBy: Initiator
    cre_time: String!
    mod_time: String!
  }
  type StageCount {
    stepName: String!
    count: Int!
  }
  type TaskNameCount {
    taskName: String!
    count: Int!
  }
  type VersionCount {
    versionNumber: Int!
    count: Int!
  }
  type ApplicationsData {
    tasks: [ListTask!]!
    count: Int!
    stageWise: [StageCount!]!
    taskNameWise: [TaskNameCount!]!
    versionNumberWise: [VersionCount!]!
    closedCount: Int
  }
  type ApplicationsResult {
    data: ApplicationsData!
  }
  type AssignmentInfo {
    assignedTo: String
    assignedTeam: [Team!]!
    allowedUsers: [String!]!
    progress: String!
    taskName: String!
    taskId: String!
  }
  type LifeCycleStep {
    stepName: String!
    type: String!
    summaryEnabled: Boolean
    assignmentInfo: [AssignmentInfo!]!
  }
  type AppLifeCycle {
    stage: String!
    steps: [LifeCycleStep!]!
  }
  type ApplicationDetail {
    application_id: String!
    product_code: String!
    product_name: String!
    _applicationStatus: String!
    appLifeCycle: AppLifeCycle!
  }
  type PortalTask {
    taskId: String!
    name: String!
    stepName: String!
    progress: String!
  }
  type PortalApplication {
    application_id: String!
    _applicationStatus: String!
    email: String
    tasks: [PortalTask!]!
    product_code: String!
    product_name: String!
    "The application's stage: its current step's name, or Closed."
    stage: String
    "DRAFT while the applicant is still filling the flow, SAVED once submitted; null when staff made it."
    mode: String
    cre_time: String!
    "Requests for information sent to the applicant, OPEN and not answered yet: waiting for them."
    openRequests: Int!
  }
  type ApplicationTasksResult {
    data: [PortalApplication!]!
    count: Int!
  }
  type Query {
    """
    One page of a list with its counts. Counts (stage, task name, version) are over the whole filtered
    list, not the page; closedCount is the list's tasks whose application reached stage Closed.
    """
    applications(
      list: ApplicationList!
      filters: [FilterInput!]
      search: String
      bucket: ReviewBucket
      sort: SortInput
      page: PageInput!
    ): ApplicationsResult!
    application(application_id: String!): ApplicationDetail
    "The portal's view: applications whose primary applicant has this e-mail."
    applicationTasks(email: String!, page: PageInput!): ApplicationTasksResult!
  }
`;

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

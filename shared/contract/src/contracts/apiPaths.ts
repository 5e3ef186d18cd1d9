// Every API path of spec §7 the product uses, in one place: the server registers the patterns, the
// clients fill them with apiPath(). A path literal anywhere else is a bug.

export const API_PATHS = {
  // Auth and users
  login: '/v3/auth/login',
  refreshToken: '/v3/auth/refresh-token',
  endSession: '/v3/auth/end-session',
  logout: '/v3/auth/logout',
  forgetPassword: '/v3/auth/forget-password',
  /** Ours (public): whether a reset link's token may still be used (GET ?token=), and the reset itself (POST {token, newPassword}). */
  resetPasswordCheck: '/v3/auth/reset-password/check',
  resetPassword: '/v3/auth/reset-password',
  userLogout: '/user/logout',
  getToken: '/tokenApi/getToken',
  user: '/v3/users/:userid',
  users: '/v3/users',
  // Ours: the users the caller may pick for one action on one application (pickers).
  userCandidates: '/v3/users/candidates',
  userRoles: '/v3/users/roles',
  groupsByUserId: '/v3/users/groupsByUserId',
  updateSelectedTeams: '/v3/users/update_selected_teams',
  getGroup: '/v3/users/getGroup',
  getGroupMembers: '/v3/users/getGroupMembers',
  /** Ours, GET (staff): every team by name with its parent and size, members or not (the lifecycle editor's pickers). */
  teamDirectory: '/v3/users/teams',
  groupDetailByName: '/v3/users/getGroupDetailByGroupName',

  // Admin configuration
  customStyle: '/api/getCustomeStyle',
  adminConfigurations: '/api/getAdminConfigurations',
  adminFeatures: '/setup/configs/Admin/Features',
  environmentDomain: '/setup/configs/Environment/Domain',
  setupConfig: '/setup/configs/:type/:name',
  /** GET (staff; ?verNum=): a product's lifecycle; POST (operations admin): save it as a new version. */
  lifecycleConfig: '/setup/configs/Workflow/:product',

  // Customer flow configuration
  flowConfigById: '/config/flow_config_by_id/:verNum/:flowId',
  flowConfigs: '/config/flow_configs',
  routeConfig: '/config/route_config/:productCode/:verNum',
  latestRouteConfig: '/config/latest_route_config/:productCode',
  fetchRules: '/v3/flow/fetch_rules',
  componentsConfigs: '/v3/component/componentsConfigs',
  /** Admin save of one component (PUT; operations admin). The flow itself is saved with PUT flowConfigById. */
  saveComponentConfig: '/v3/component/componentsConfigs/:componentId',
  /** Admin save of one flow version's page rules (PUT; operations admin). */
  savePageRules: '/v3/flow/fetch_rules/:flowId/:verNum',
  fieldsConfig: '/config/get_fields_config',
  /** Admin save of one option list (PUT; operations admin); get_fields_config answers it. */
  saveFieldOptions: '/config/get_fields_config/:propertyType/:property',
  /** GET: one product's details (public); PUT: an operations admin creates or replaces the product. */
  productDetails: '/api/ProductDetails/:productCode',
  /** PUT (operations admin): a product's amount, tenure and rate limits alone (Settings › Products). */
  productLimits: '/api/ProductDetails/:productCode/limits',
  /** GET and PUT (operations admin): the documents a product asks for, its flow's documents step (Settings › Products). */
  productDocuments: '/api/ProductDetails/:productCode/documents',
  /** PUT (operations admin): a user's roles and teams (Settings › Users). */
  userAccess: '/v3/users/:userid/access',
  /** GET (operations admin; ?page=&size=&kind=): the configuration changes, newest first (Settings › History). */
  configAudits: '/setup/audits',
  productList: '/v3/lead/getAllProducts',
  translate: '/v3/translation/translate',

  // Applications
  application: '/v3/application/:applicationId',
  assignApplication: '/v3/application/action/assign',
  reassignApplication: '/v3/application/action/reassign',
  copyApplication: '/v3/application/copy/:applicationId',
  /** Ours: staff start an application for a product (branch walk-in; New Internal). */
  startApplication: '/v3/application/create',
  /** Ours: staff issue the applicant a link that resumes the application's customer flow. */
  resumeLink: '/v3/application/resume-link',
  consumerSaveOrUpdate: '/v3/application/consumer/save_or_update',
  userSaveOrUpdate: '/v3/application/user/save_or_update',
  saveApplication: '/v3/application/save',
  addMandatoryValidations: '/validations/addMandatoryValidations',
  updateMandatoryValidations: '/validations/updateMandatoryValidations',
  microflowExecute: '/v3/microflow/execute/:microflowId',
  validateCaptcha: '/v3/captcha/validateCaptcha',
  /** Our self-hosted captcha's challenge (ALTCHA); the spec names only the validation call. */
  captchaChallenge: '/v3/captcha/challenge',
  validateTransactionToken: '/v3/external-integration/validate-token',
  /** Ours: a device the application does not know asks for, then checks, the one-time code a resume link needs. */
  resumeSendCode: '/v3/external-integration/resume/sendOtp',
  resumeVerifyCode: '/v3/external-integration/resume/verifyOtp',
  /** Ours: the applicant's 'Send me this link' (the newest resume link by SMS or e-mail). */
  sendResumeLink: '/v3/application/resume-link/send',

  // OTP (codes issued and checked by the server)
  sendOtp: '/v3/otp/send',
  verifyOtp: '/v3/otp/verify',
  /** A copy of the OTP codes sent (each also goes out by SMS or e-mail through the outbox): DEVELOPER only, for testers. */
  otpOutbox: '/v3/otp/outbox',

  /** Ours: the applicant portal's sign-in by a code sent to the applicant's e-mail, and opening one of their applications. */
  portalSendCode: '/v3/portal/signIn/sendOtp',
  portalVerifyCode: '/v3/portal/signIn/verifyOtp',
  portalOpenApplication: '/v3/portal/openApplication',

  // Documents and files
  uploadDocument: '/api/uploadLocalFiletoS3',
  uploadSignature: '/api/uploadSignaturetoS3',
  downloadDocument: '/v3/document/:fileId',
  removeDocument: '/v3/remove/',
  /** The upload hub's body form of removeDocument ({application_id, fileId}). */
  removeUploadedDocument: '/upload/removeDocument',

  // Back office: lists, detail, actions, approvals, queries, documents, notes, audits
  graphql: '/v3/graphql',
  /** POST; :action is one of APPLICATION_ACTIONS except 'complete_step/user' (its own path below). */
  applicationAction: '/v3/application/action/:action',
  completeUserStep: '/v3/application/action/complete_step/user',
  /** POST; :action is one of APPROVAL_ACTIONS. */
  approvalAction: '/v3/application/approvals/:action',
  getApprovals: '/v3/application/approvals/getApprovals',
  /** Ours (the spec names no call that raises one): ask an approver to approve, or raise an exception. */
  requestApproval: '/v3/application/approvals/request',
  requestInfo: '/v3/application/queries/requestInfo',
  requestUserInfo: '/v3/application/queries/requestUserInfo',
  applicationQueries: '/v3/queries/:applicationId',
  /** The applicant answers a request for information (staff: the recipient answers and resolves a query). */
  updateAndResolveQuery: '/v3/queries/updateAndResolveQuery',
  createSubTask: '/v3/taskconfigs/createSubTask',
  updateSubTask: '/v3/taskconfigs/updateSubTask',
  reopenSubTask: '/v3/taskconfigs/reopenSubTask',
  closeSubTask: '/v3/taskconfigs/closeSubTask',
  addCommentToTask: '/v3/taskconfigs/addCommentToTask',
  updateSnoozeTime: '/v3/taskconfigs/updateSnoozeTime',
  removeSnoozeTime: '/v3/taskconfigs/removeSnoozeTime',
  /** Our meaning of the four parameters (spec: not shown): application, task, query status (or ALL), page. */
  subTaskList: '/v3/taskconfigs/subTaskList/:applicationId/:taskId/:status/:page',
  subTaskDetails: '/v3/taskconfigs/subTaskDetails/:subTaskId',
  taskConfigs: '/v3/taskconfigs/getConfigs',
  /** Ours: the documents, notes, worklog and related applications of one application (GET; notes also POST). */
  applicationDocuments: '/v3/application/:applicationId/documents',
  applicationNotes: '/v3/application/:applicationId/notes',
  applicationWorklogs: '/v3/application/:applicationId/worklogs',
  relatedApplications: '/v3/application/:applicationId/related',
  /** Ours, GET: the reviewer's credit summary (figures with their sources, deviations, documents received). */
  applicationCreditSummary: '/v3/application/:applicationId/credit-summary',
  /** Ours: GET whether the caller follows the application, POST follow it, DELETE unfollow it (FollowStateAnswerSchema). */
  followApplication: '/v3/application/:applicationId/follow',
  deleteDocument: '/v3/deleteDocument',
  updateDocumentMetadata: '/v3/document/updatemetadata',
  /** Multipart: a new file for a document (same id, type and metadata); the earlier one becomes a version. */
  updateDocument: '/v3/updateDocument',
  /** Ours: the bytes of an earlier version of a document (GET). */
  documentVersion: '/v3/document/:fileId/version/:version',
  copyFile: '/v3/copyFile',
  mergeDocument: '/v3/mergeDocument',
  getAudits: '/v3/audits/getAudits',
  tableConfig: '/backstage/getTableConfig/:id',
  globalSearch: '/backstage/globalSearch',
  localSearch: '/backstage/localSearch',
  /**
   * The list query with exportFile (spec §7): a whole application list (filters, search, bucket, sort as
   * the grid has them) as a spreadsheet, streamed. Its pages are GraphQL 'applications'.
   */
  exportApplications: '/backstage/getApplications',
  getFilter: '/backstage/getFilter',
  /** POST (spec §7): a page of the applications the caller follows (SearchPageAnswerSchema). */
  applicationsFollowed: '/backstage/getApplicationsFollowed',
  rebook: '/backstage/rebook',
  saveFilter: '/setup/save_or_update',
  products: '/master_configs/products',

  // Leads (ours, beyond the spec, which names getAllProducts and requestforcallback only)
  /** POST: one page of My Leads or Team Leads with its counts. */
  leads: '/v3/lead/leads',
  /** GET: one lead with its history and its application. */
  lead: '/v3/lead/:leadId',
  createLead: '/v3/lead/create',
  leadStatus: '/v3/lead/status',
  leadActivity: '/v3/lead/activity',
  leadFollowUp: '/v3/lead/followup',
  leadAssign: '/v3/lead/assign',
  leadUpdate: '/v3/lead/update',
  leadConvert: '/v3/lead/convert',
  /** Public: the portal's 'Request a call back' (a WEB_CALLBACK lead in its product's team). */
  requestForCallback: '/api/requestforcallback',

  // Dashboard, reports and targets (spec §7 "Lists and search" and "Targets"; bodies and answers
  // in reportSchemas.ts and answers/reports.ts). Every one scoped by the server: everyone's for an
  // operations admin or an ALL_APPLICATIONS_* holder, the team's for a team lead, one's own otherwise.
  /** POST: who the caller's figures cover (scope, teams, users): the filters' choices. */
  reporteeDetails: '/backstage/getReporteeDetails',
  /** POST: applications created per day, week or month of a range (count and amount). */
  applicationsCountByRange: '/backstage/getApplicationsCountBasedOnRange',
  /** POST: applications per initiating user and product of a range. */
  applicationsByInitiatedByAndProductType: '/backstage/getApplicationsByInitiatedByAndProductType',
  /** POST (ours): open applications per stage and product. */
  reportPipeline: '/backstage/reports/pipeline',
  /** POST (ours): leads of a range, those converted to an application, those sanctioned. */
  reportConversion: '/backstage/reports/conversion',
  /** POST (ours): open tasks per queue and how many are past their SLA. */
  reportSlaBreaches: '/backstage/reports/slaBreaches',
  /** POST (ours): approvals and queries pending. */
  reportPending: '/backstage/reports/pending',
  /** POST (ours): submission to decision, per product. */
  reportTurnaround: '/backstage/reports/turnaround',
  /** POST: targets and achievement per user of a month. */
  targets: '/target/getTarget',
  targetByUserId: '/target/getTargetByUserID',
  loanAmountByUserId: '/target/getLoanAmountByUserID',
  applicationByInitiatedByAndProductType: '/target/getApplicationByInitiatedByAndProductType',
  applicationCountByInitiatedByAndFlowName: '/target/getApplicationCountByInitiatedByAndFlowName',
  /** GET (spelt so in the spec): the month's target and achievement summed over the caller's scope. */
  overallTarget: '/target/getOveallTarget',
  /** POST (ours): an admin or team lead sets a user's monthly target. */
  saveTarget: '/target/saveTarget',

  // One-to-one video (spec §7 "Video gateway"; bodies and answers in videoSchemas.ts and
  // answers/video.ts). The media goes through the Janus gateway (RuntimeEnv.videoGatewayUrl); these
  // routes issue the rooms, their pins and who may enter.
  /** POST (AGENT with access to the application): start a call (ends the application's open one) → VideoJoin; GET ?applicationId=: its calls. */
  startVideoCall: '/v3/video/calls',
  videoCallsOfApplication: '/v3/video/calls',
  /** GET: the open calls an AGENT or SUPERVISOR may access (the video menu page). */
  openVideoCalls: '/v3/video/calls/open',
  /** POST: the owning AGENT (publisher) or a SUPERVISOR with access (subscriber) → VideoJoin. */
  joinVideoCall: '/v3/video/calls/:callId/join',
  /** POST: the owning AGENT ends the call → VideoCall. */
  endVideoCall: '/v3/video/calls/:callId/end',
  /** GET: one recording of the call (a file name its listing names). */
  videoRecording: '/v3/video/calls/:callId/recordings/:fileName',
  /** GET (staff): whether the API reaches the video gateway now (information only: readiness ignores it). */
  videoGatewayStatus: '/v3/video/gateway',
  /** GET (applicant): the waiting or active call of the session's application. */
  videoInvitation: '/v3/portal/video/invitation',
  /** POST (applicant) {callId}: join it as a publisher → VideoJoin. */
  joinVideoAsApplicant: '/v3/portal/video/join',

  // Messages, templates and letters (spec §3 template entries, §7; README "Messages")
  /** POST {templateTypesArray}: every version of every template of those types (staff). */
  templateListAllVersion: '/v3/template/templateListAllVersion',
  /** GET: the current version of one template, body included (staff; ?verNum= for an earlier one). */
  mailTemplate: '/backstage/getMailTemplate/:id',
  /** POST: an operations admin saves a template (any type) as a new version. */
  createTemplate: '/pdfgenerate/createTemplate',
  /** POST {applicationId, template_id, verNum?}: a PDF template rendered for an application, stored in its Docs. */
  generatePdf: '/pdfgenerate/generatePDF',
  /** Ours, POST: a template body rendered for an application without saving (the editor's live preview). */
  previewTemplate: '/v3/template/preview',
  /** POST: staff send an EMAIL or SMS template to the application's applicant, with documents attached. */
  sendMailCommon: '/backstage/sendMailCommon',
  /** Ours, GET: the delivery log of one application (what, to whom, when, status). */
  applicationMessages: '/v3/application/:applicationId/messages',

  // Vendor integrations (mock-server README "Integrations"); bodies and answers in integrationSchemas.ts.
  /** POST (spec §7) {application_id}: the applicant's bureau report now, its obligations and FOIR. */
  bureauObligation: '/cibil/obligation',
  /** POST (spec §7) {application_id}: the bank-statement analysis of the applicant's salary account. */
  bankStatementLink: '/perfios/transactionLink',
  /** Ours, POST (spec §7 "id verification at a supplied path"): a PAN or Aadhaar checked and verified with the issuer. */
  identityVerify: '/v3/integrations/identity/verify',
  /** Ours, POST (spec §7 vendor loan creation) {application_id}: the loan account opened in core banking. */
  loanCreation: '/v3/integrations/loan/create',
  /** Ours, POST (spec §7 vendor deviation) {application_id, code, reason}: a deviation recorded with core banking. */
  loanDeviation: '/v3/integrations/loan/deviation',
  /** Ours, POST (spec §7 employee search) {query}: the bank's staff directory. */
  employeeSearch: '/v3/integrations/employees/search',
  /** Ours, POST (spec §7 online payment) {application_id, amount, purpose}: a payment link from the gateway. */
  onlinePayment: '/v3/integrations/payments',
  /** Ours, POST (spec §7 PMAY PDF) {application_id}: the PMAY subsidy form, kept as a document. */
  pmayPdf: '/v3/integrations/pmay/pdf',
  /** Ours, GET: an application's latest integration results and its recent vendor calls (the Credit panel). */
  applicationIntegrations: '/v3/integrations/application/:applicationId',

  // Loan arithmetic, decisions and utilities (mock-server README "Calculations, decisions and utilities");
  // bodies and answers in decisionSchemas.ts.
  /** POST (spec §7): EMI, schedule, total interest and the KFS APR of a loan's terms and charges. */
  calculate: '/calculations/calculate',
  /** POST (spec §7): the net disbursal, the loan's cost and, given an income, its affordability (FOIR). */
  netFinancingCalculation: '/net_per_fin_config/net_financing_calculation',
  /** GET (spec §7) ?application_id: the product's decision (product code, decision name) taken on the application. */
  decisionExecute: '/decision_engine/execute/:product/:name',
  /** GET (staff) ?name&verNum: a product's decision tables; POST (operations admin): a new version. */
  decisionConfig: '/setup/configs/Decision/:product',
  /** Ours, GET (staff) ?name: every version of a product's decision, newest first: who saved it and when. */
  decisionConfigVersions: '/setup/configs/Decision/:product/versions',
  /** Ours, GET: the application's decisions, newest first, with their inputs and the rows that fired. */
  applicationDecisions: '/v3/application/:applicationId/decisions',
  /** POST (spec §7) {xml}: the document as JSON (no entities, bounded in size and depth). */
  xmlToJson: '/util/xmlToJSON',
  /** POST (spec §7) {decryptMsg}: an envelope opened with the caller's own session key. */
  decryption: '/api/decryption',

  // Notifications
  notificationSubscription: '/v3/notification/subscription',

  // Ours: probes of load balancers and orchestrators (public, never cached).
  /** Liveness: the process serves. */
  healthz: '/healthz',
  /** Readiness: database and Redis answer and the process is not draining; else 503. */
  readyz: '/readyz',

  // The rest of spec §7 (shapes ours where the spec shows none: mock-server README "Routes").
  /** POST: an older client's query call: create (no subTaskId) or update (subTaskId) a query. */
  createOrUpdateQuery: '/queries/createOrUpdateQuery',
  updateQuery: '/queries/updateQuery',
  queriesUnresolvedCount: '/queries/getQueriesUnresolvedCountByUserId',
  /** POST {application_id}: the fields of the application's flow a request for information may ask for. */
  queryFields: '/v3/queries/getFields',
  sendRequestForInfoNotifications: '/v3/queries/sendRequestForInfoNotifications',
  fetchFieldsForReqInfo: '/v3/queries/fetchFieldsForReqInfo/:requestForInfoId',
  backstageProducts: '/backstage/Products',
  applicationsNew: '/backstage/getApplicationsNew',
  applicationsDeclined: '/backstage/getApplicationsDeclined',
  geoLimitStatus: '/backstage/getGeoLimitStatus',
  nsmApplications: '/backstage/getNsmApplications',
  nsmZoneGroup: '/backstage/getNsmZoneGroup',
  filteredNsm: '/backstage/getfilteredNsm',
  statusUpdate: '/app/status_update',
  fetchApplications: '/app/fetch_applications',
  captureAction: '/v3/captureAction',
  workflowCaptureAction: '/workFlowExecution/captureAction',
  uploadNic: '/api/uploadNICtos3',
  productSetupConfigs: '/v3/setup_configs/:productCode',
  componentSetupConfig: '/component/setup_config/:category/:subcategory',
  componentSetupConfigs: '/v3/component/setup_configs',
  propertyDetails: '/api/PropertyDetails/:propertyType/:property',
  componentConfigList: '/v3/component/componentConfigs',
  componentConfig: '/v3/component/componentConfigs/:componentId',
  flowDetails: '/v3/flow/fetch_flowDetails',
  translationData: '/v3/translation/fetchData',
  /** Public: a language's translations as the app's i18n file (en.json). */
  i18nFile: '/assets/i18n/:file',
  cardTypes: '/collectionConfig/cardTypes',
  productTypeDetails: '/api/product_type_details',
  masterSoftConfigurations: '/api/getmasterSoftConfigurations',
  /** POST (operations admin): the vendor kinds' settings in this environment (no credentials). */
  externalApiConfigs: '/externalAPI/configs',
  /** GET: a product's declaration and consent texts (config Consent/<product code>). */
  consentSet: '/v3/consents/:productCode',
  /** GET the application's consents as accepted; POST tick or untick some (README "Consents and the receipt"). */
  applicationConsents: '/v3/application/:applicationId/consents',
  /** POST (the applicant's session, before submitting): a pass to read the confirmation and receipt after. */
  receiptPass: '/v3/application/:applicationId/receipt-pass',
  /** GET: the submitted application's confirmation (a receipt pass, the applicant's session or staff access). */
  confirmation: '/v3/application/:applicationId/confirmation',
  /** GET: the submitted application's receipt PDF (as the confirmation). */
  receipt: '/v3/application/:applicationId/receipt',
  /** Public: the bank's name and contact (config Templates/Letters), for the portal's end and error pages. */
  bankContact: '/v3/portal/contact',
  /** Public: the bank's logo from the theme config, for the portal's header before any session. */
  portalBranding: '/v3/portal/branding',
} as const;

export type ApiPathName = keyof typeof API_PATHS;

/**
 * Fills a path pattern's ':name' parameters, each URI-encoded; a missing one is an error (never
 * 'undefined' in a URL).
 */
export function apiPath(name: ApiPathName, params: Readonly<Record<string, string | number>> = {}): string {
  return API_PATHS[name].replace(/:([A-Za-z_]\w*)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') throw new Error(`apiPath(${name}): missing parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}

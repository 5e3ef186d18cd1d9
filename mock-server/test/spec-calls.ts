// Every call of spec §7 ("Calls"), copied from the spec: method and path, with its parameters as {placeholders}.
// test/spec-calls.test.ts holds each to a registered route. The spec's file lives outside the project, so the
// list is copied here rather than read at run time.
//
// Two forms the spec leaves open, read as the clients use them: `{client}` is the API origin (the list call's
// `{client}/{url}` is the list service's own path, POST /backstage/getApplications, and `{client}/v3/component/
// setup_configs` is /v3/component/setup_configs); the target calls name no service, and are served under
// /target/. The calls the spec names without a path (id verification "at a supplied path", vendor loan creation
// and deviation POSTs, employee search, online payment, PMAY PDF) are not listed: their paths are ours.

export interface SpecCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path as the spec writes it, parameters as {name}; a query string is never part of it. */
  path: string;
  /** The §7 group it is listed under. */
  group: string;
}

const APPLICATION_ACTIONS = [
  'reject',
  'cancelReject',
  'cancel',
  'inactivate',
  'activate',
  'revert_stage',
  'release',
  'delete',
  'request_for_callback',
  'complete_callback',
  'assign',
  'reassign',
  'complete_step/user',
];
const APPROVAL_ACTIONS = ['approve', 'reject', 'forward', 'send_back'];
const BACKSTAGE_POSTS = [
  'getApplications',
  'getApplicationsNew',
  'getApplicationsFollowed',
  'getApplicationsDeclined',
  'getFilter',
  'globalSearch',
  'localSearch',
  'getGeoLimitStatus',
  'getApplicationsCountBasedOnRange',
  'getApplicationsByInitiatedByAndProductType',
  'getNsmApplications',
  'getNsmZoneGroup',
  'getReporteeDetails',
  'rebook',
  'getfilteredNsm',
  'sendMailCommon',
];
const TARGET_POSTS = [
  'getTarget',
  'getTargetByUserID',
  'getLoanAmountByUserID',
  'getApplicationByInitiatedByAndProductType',
  'getApplicationCountByInitiatedByAndFlowName',
];

const calls = (group: string, method: SpecCall['method'], paths: readonly string[]): SpecCall[] =>
  paths.map((path) => ({ method, path, group }));

export const SPEC_CALLS: readonly SpecCall[] = [
  // Auth and users
  ...calls('Auth and users', 'POST', [
    '/v3/auth/login',
    '/v3/auth/refresh-token',
    '/v3/auth/end-session',
    '/v3/auth/logout',
    '/v3/auth/forget-password',
    '/user/logout',
    '/tokenApi/getToken',
  ]),
  ...calls('Auth and users', 'GET', ['/v3/users/{userid}', '/v3/users/roles', '/v3/users/groupsByUserId', '/v3/users']),
  ...calls('Auth and users', 'POST', [
    '/v3/users/update_selected_teams',
    '/v3/users/getGroup',
    '/v3/users/getGroupMembers',
    '/v3/users/roles',
    '/v3/users/getGroupDetailByGroupName',
  ]),

  // Application actions
  ...calls(
    'Application actions',
    'POST',
    APPLICATION_ACTIONS.map((a) => `/v3/application/action/${a}`),
  ),
  ...calls(
    'Application actions',
    'POST',
    APPROVAL_ACTIONS.map((a) => `/v3/application/approvals/${a}`),
  ),
  ...calls('Application actions', 'GET', ['/v3/application/approvals/getApprovals']),
  ...calls('Application actions', 'POST', [
    '/v3/application/queries/requestUserInfo',
    '/v3/application/queries/requestInfo',
    '/v3/application/user/save_or_update',
    '/v3/application/consumer/save_or_update',
    '/v3/application/save',
    '/app/status_update',
    '/app/fetch_applications',
  ]),
  ...calls('Application actions', 'GET', ['/v3/application/{id}', '/v3/application/copy/{id}']),
  ...calls('Application actions', 'POST', [
    '/v3/captureAction',
    '/workFlowExecution/captureAction',
    '/v3/captcha/validateCaptcha',
    '/v3/microflow/execute/{id}',
    '/validations/addMandatoryValidations',
    '/validations/updateMandatoryValidations',
    '/v3/external-integration/validate-token',
  ]),

  // Queries and sub-tasks
  ...calls('Queries and sub-tasks', 'POST', [
    '/v3/queries/updateAndResolveQuery',
    '/v3/queries/getFields',
    '/v3/queries/sendRequestForInfoNotifications',
  ]),
  ...calls('Queries and sub-tasks', 'GET', [
    '/v3/queries/{application_id}',
    '/v3/queries/fetchFieldsForReqInfo/{requestForInfoId}',
  ]),
  ...calls('Queries and sub-tasks', 'POST', [
    '/queries/createOrUpdateQuery',
    '/queries/updateQuery',
    '/queries/getQueriesUnresolvedCountByUserId',
  ]),
  ...calls('Queries and sub-tasks', 'POST', [
    '/v3/taskconfigs/createSubTask',
    '/v3/taskconfigs/updateSubTask',
    '/v3/taskconfigs/reopenSubTask',
    '/v3/taskconfigs/closeSubTask',
    '/v3/taskconfigs/addCommentToTask',
    '/v3/taskconfigs/updateSnoozeTime',
    '/v3/taskconfigs/removeSnoozeTime',
  ]),
  ...calls('Queries and sub-tasks', 'GET', [
    '/v3/taskconfigs/subTaskList/{p1}/{p2}/{p3}/{p4}',
    '/v3/taskconfigs/subTaskDetails/{id}',
    '/v3/taskconfigs/getConfigs',
  ]),

  // Documents and files
  ...calls('Documents and files', 'POST', [
    '/v3/deleteDocument',
    '/v3/document/updatemetadata',
    '/v3/updateDocument',
    '/v3/copyFile',
    '/v3/mergeDocument',
    '/upload/removeDocument',
  ]),
  ...calls('Documents and files', 'DELETE', ['/v3/remove/']),
  ...calls('Documents and files', 'POST', [
    '/pdfgenerate/createTemplate',
    '/pdfgenerate/generatePDF',
    '/api/uploadNICtos3',
    '/api/uploadSignaturetoS3',
    '/api/uploadLocalFiletoS3',
  ]),

  // Lists and search
  ...calls('Lists and search', 'GET', [
    '/backstage/getTableConfig/{id}',
    '/backstage/getMailTemplate/{id}',
    '/backstage/Products',
  ]),
  ...calls(
    'Lists and search',
    'POST',
    BACKSTAGE_POSTS.map((p) => `/backstage/${p}`),
  ),
  // POST {client}/{url}, the list call, is POST /backstage/getApplications above.
  ...calls('Lists and search', 'POST', ['/v3/graphql', '/setup/save_or_update']),
  ...calls('Lists and search', 'GET', ['/v3/audits/getAudits']),
  ...calls(
    'Lists and search',
    'POST',
    TARGET_POSTS.map((p) => `/target/${p}`),
  ),
  ...calls('Lists and search', 'GET', ['/target/getOveallTarget']),
  ...calls('Lists and search', 'POST', [
    '/calculations/calculate',
    '/cibil/obligation',
    '/collectionConfig/cardTypes',
    '/externalAPI/configs',
    '/net_per_fin_config/net_financing_calculation',
    '/util/xmlToJSON',
    '/perfios/transactionLink',
    '/api/requestforcallback',
    '/api/decryption',
  ]),
  ...calls('Lists and search', 'GET', [
    '/decision_engine/execute/{a}/{b}',
    '/api/getCustomeStyle',
    '/api/product_type_details',
    '/api/getAdminConfigurations',
    '/api/getmasterSoftConfigurations',
  ]),

  // Admin configuration
  ...calls('Admin configuration', 'GET', [
    '/setup/configs/{type}/{name}',
    '/setup/configs/Analytics/Reports',
    '/setup/configs/Admin/Features',
    '/setup/configs/Action/Actions',
    '/setup/configs/FILTERS/PRODUCTS',
    '/setup/configs/Environment/Domain',
    '/setup/configs/{category}/{subcategory}',
    '/master_configs/products',
    '/v3/setup_configs/{productCode}',
    '/component/setup_config/{category}/{subcategory}',
    // {client}/v3/component/setup_configs
    '/v3/component/setup_configs',
  ]),
  ...calls('Admin configuration', 'GET', [
    '/config/flow_config_by_id/{verNum}/{flowId}',
    '/config/flow_configs',
    '/config/route_config/{a}/{b}',
    '/config/latest_route_config/{id}',
    '/v3/flow/fetch_rules',
    '/v3/lead/getAllProducts',
    '/api/PropertyDetails/{a}/{b}',
    '/api/ProductDetails/{id}',
    '/v3/component/componentConfigs',
    '/v3/component/componentConfigs/{id}',
  ]),
  ...calls('Admin configuration', 'POST', [
    '/v3/flow/fetch_flowDetails',
    '/v3/template/templateListAllVersion',
    '/v3/component/componentsConfigs',
    '/config/get_fields_config',
    '/v3/translation/translate',
    '/v3/translation/fetchData',
  ]),
  // ./assets/i18n/en.json: relative to the app, served by the API too.
  ...calls('Admin configuration', 'GET', ['/assets/i18n/en.json']),

  // Notifications
  ...calls('Notifications', 'POST', ['/v3/notification/subscription']),
];

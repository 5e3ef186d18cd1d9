// Entity types of spec section 3. Field names are the API's, spelt as the spec spells them.

import type { FlowType, SectionProgress } from './flow';

export type TeamType = 'HIERARCHY' | 'DEPT';

export interface Team {
  type: TeamType;
  id: string;
  name?: string;
  allTeams?: boolean;
}

export interface User {
  userid: string;
  userName: string;
  firstName: string;
  lastName: string;
  displayName: string;
  roles: string[];
  /** Must include the portal app name (see PORTAL_APP_NAME) for back-office access. */
  applications: string[];
  teams: Team[];
  teamData?: Record<string, unknown>;
}

export type ApplicationStatus = 'ACTIVE' | 'CANCELLED' | 'REJECTED' | 'DELETED' | 'COMPLETED' | 'INACTIVE';
export type ApplicantType = 'primary' | 'secondary' | 'guarantor';
export type TaskProgress = 'In Progress' | 'Pending' | 'Completed' | 'Rejected' | 'Cancelled';

export interface AssignmentInfo {
  assignedTo?: string;
  assignedTeam?: Team[];
  allowedUsers?: string[];
  progress: TaskProgress;
  taskName: string;
  taskId: string;
}

interface LifeCycleStep {
  stepName: string;
  type: FlowType;
  summaryEnabled?: boolean;
  assignmentInfo: AssignmentInfo[];
}

interface AppLifeCycle {
  stage: string;
  steps: LifeCycleStep[];
}

export interface Application {
  application_id: string;
  product_type_code?: string;
  product_code: string;
  product_name: string;
  application_status?: ApplicationStatus;
  _applicationStatus: ApplicationStatus;
  applicant?: Partial<Record<ApplicantType, Record<string, unknown>>>;
  singleORjoint?: 'single' | 'joint';
  campaign_id?: string;
  source_id?: string;
  routeConfig?: unknown;
  section_id?: string;
  sub_section_id?: string;
  section_size?: number;
  startRoute?: string;
  flowId?: string;
  verNum?: number;
  ver_num?: number;
  flowName?: string;
  flowTheme?: string;
  initiatedBy?: { id: string; username: string; displayName: string };
  custom_route?: string;
  existing_or_new_customer?: 'existing' | 'new';
  applicationType?: string;
  maximumJointApplicants?: number;
  enableMultipleCoApplicant?: boolean;
  filesUpload?: unknown[];
  customFields?: Record<string, unknown>;
  dedupeDetails?: unknown;
  verifications?: { key: string; isVerified: boolean; output?: unknown }[];
  sectionsCompleted?: string[];
  mod_time?: string;
  cre_time?: string;
  _deviceType?: 'DESKTOP' | 'MOBILE';
  primaryApplicantId?: string;
  progress?: SectionProgress[];
  appLifeCycle?: AppLifeCycle;
}

export type NotificationKind = 'ASSIGNED' | 'FOLLOWED' | 'TEAM';
export type NotificationStatusName =
  | 'AssignedToApprovalUser'
  | 'AssignedToApprovalTeam'
  | 'AssignedQueriesToUser'
  | 'AssignedQueriesToTeam'
  | 'AssignedToUser'
  | 'AssignedToTeam'
  | 'TeamApplication';

export interface Notification {
  notificationId: string;
  _id: string;
  /** ISO timestamp. */
  createdAT: string;
  /** '1' viewed, '0' unread. */
  status: '0' | '1';
  isCounted: boolean;
  metadata: { type: NotificationKind; status?: NotificationStatusName; application_id?: string };
  messages: string;
  username: string;
  timeText?: string;
  createdDate?: string;
}

export interface ThemeConfig {
  primaryColor: string;
  secondaryColor: string;
  backgroundColor: string;
  surfaceColor: string;
  typography?: { primaryColor?: string; secondaryColor?: string };
  font?: { family?: string; size?: number };
}

/** Session data returned by login and refresh. */
export interface SessionData {
  access_token: string;
  refresh_token: string;
  sessionid: string;
  /** Seconds the access token lives. */
  expires_in: number;
  /** ISO timestamp of expiry. */
  expiry_time: string;
}

export interface LoginResponse extends SessionData {
  user: User;
}

export type ModalEntry = { type: 'error'; description: string } | { type: 'keyvalue'; key: string; value: string };

export interface DomainUrlRecord {
  customerportal: string;
}

export interface AdminFeatures {
  MultiLingual: boolean;
  ApplicationFormPreview: boolean;
}

/** GET /api/getAdminConfigurations. */
export interface AdminConfigurations {
  /** A chatbot script URL; the shell injects it only when present. */
  chatbotScriptUrl?: string | null;
  portalAppName: string;
}

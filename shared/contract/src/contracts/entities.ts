// Entity types of spec section 3. Field names are the API's, spelt as the spec spells them.

import type { Static } from 'typebox';
import type {
  ApplicationSchema,
  ApplicationStatusSchema,
  AssignmentInfoSchema,
  TaskProgressSchema,
  TeamSchema,
} from './answers/applications';
import type { SessionSchema } from './answers/portal';

// The entities answers carry are their TypeBox schemas' types (answers/applications.ts).
export type Team = Static<typeof TeamSchema>;
export type TeamType = Team['type'];

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

export type ApplicationStatus = Static<typeof ApplicationStatusSchema>;
export type ApplicantType = 'primary' | 'secondary' | 'guarantor';
export type TaskProgress = Static<typeof TaskProgressSchema>;

export type AssignmentInfo = Static<typeof AssignmentInfoSchema>;
export type Application = Static<typeof ApplicationSchema>;

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

/** Session data returned by login, refresh and the applicant's sessions. */
export type SessionData = Static<typeof SessionSchema>;

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

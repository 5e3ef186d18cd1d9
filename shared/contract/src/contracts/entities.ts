// Entity types of spec section 3. Field names are the API's, spelt as the spec spells them.

import type { Static } from 'typebox';
import type {
  ApplicationSchema,
  ApplicationStatusSchema,
  AssignmentInfoSchema,
  TaskProgressSchema,
  TeamSchema,
} from './answers/applications';
import type { LoginAnswerSchema } from './answers/auth';
import type {
  AdminConfigurationsSchema,
  AdminFeaturesSchema,
  DomainUrlRecordSchema,
  ThemeConfigSchema,
} from './answers/configs';
import type { NotificationKindSchema, NotificationSchema, NotificationStatusNameSchema } from './answers/notifications';
import type { SessionSchema } from './answers/portal';
import type { UserSchema } from './answers/users';

// The entities answers carry are their TypeBox schemas' types (answers/*.ts).
export type Team = Static<typeof TeamSchema>;
export type TeamType = Team['type'];

export type User = Static<typeof UserSchema>;

export type ApplicationStatus = Static<typeof ApplicationStatusSchema>;
export type ApplicantType = 'primary' | 'secondary' | 'guarantor';
export type TaskProgress = Static<typeof TaskProgressSchema>;

export type AssignmentInfo = Static<typeof AssignmentInfoSchema>;
export type Application = Static<typeof ApplicationSchema>;

export type NotificationKind = Static<typeof NotificationKindSchema>;
export type NotificationStatusName = Static<typeof NotificationStatusNameSchema>;
export type Notification = Static<typeof NotificationSchema>;

/** Session data returned by login, refresh and the applicant's sessions. */
export type SessionData = Static<typeof SessionSchema>;
/** A signed-in session as a browser keeps it: the tokens, whose they are, and when they were issued. */
export interface Session extends SessionData {
  user: User;
  /** Epoch ms when the tokens were issued (login or refresh). */
  issuedAt: number;
}
export type LoginResponse = Static<typeof LoginAnswerSchema>;

export type ThemeConfig = Static<typeof ThemeConfigSchema>;
export type DomainUrlRecord = Static<typeof DomainUrlRecordSchema>;
export type AdminFeatures = Static<typeof AdminFeaturesSchema>;
export type AdminConfigurations = Static<typeof AdminConfigurationsSchema>;

export type ModalEntry = { type: 'error'; description: string } | { type: 'keyvalue'; key: string; value: string };

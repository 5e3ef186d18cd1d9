// Each remote's typed surface: what the modules it exposes take, and the sentence a host shows when one
// cannot be shown. The declaration and manifest shapes (schemas and types) are in remoteManifest.ts.
import type { FieldAccessViewer } from '../rules/fieldAccess';
import type { ApplicantType } from './entities';
import type { RemoteEntry } from './remoteManifest';

/** Served as /env.json on every app origin: what the build must not know. */
export interface RuntimeEnv {
  apiBaseUrl: string;
  remotesManifestUrl: string;
  /** Public key the login form uses to encrypt the password (see LOGIN_KEY). */
  loginKey: string;
  portalAppName: string;
  /**
   * The API's relay of the Janus gateway's websocket (subprotocol VIDEO_GATEWAY_PROTOCOL) the video remote
   * connects to; deploy writes it (the API's public URL with VIDEO_GATEWAY_RELAY_PATH, or VIDEO_GATEWAY_URL);
   * an env.json written before it existed has none: read it as DEFAULT_VIDEO_GATEWAY_URL.
   */
  videoGatewayUrl?: string;
}

/** Props every remote's page module takes (menu pages and the customer area). */
export interface RemotePageProps {
  /** The path the host routed to the module, e.g. '/newapplication'; the module routes below it. */
  basename: string;
}

/** One application's form (mfe_customer_flow's './FlowForm'), as the back office's application detail edits it. */
interface FlowFormProps {
  applicationId: string;
  applicantType: ApplicantType;
  access: 'WRITE' | 'READ';
  /**
   * The staff user looking at the form (roles and teams): fields whose access control gives them no WRITE
   * are read only (fieldAccess). Optional for hosts built before it: without it every field
   * follows `access`, and the server still refuses a change to a field the user may only read.
   */
  viewer?: FieldAccessViewer;
  /** Called after each successful save. */
  onSaved?: () => void;
}

/**
 * One application's video call (mfe_video's './VideoCall'), placed by another page: the back office's
 * application detail (staff start or join the application's call by their conference roles, AGENT or
 * SUPERVISOR) and the applicant portal (the applicant joins the call waiting on their session's application).
 */
export interface VideoCallSlotProps {
  /** The application the call is about. */
  applicationId: string;
  /** 'staff' start or join by their roles; 'applicant' joins the call waiting on the session's application. */
  joinAs: 'staff' | 'applicant';
  /** Phone-sized layout (the portal). */
  phone?: boolean;
  /** After the user leaves or closes the call. */
  onClose?: () => void;
}

/**
 * What the module filling each slot takes (a remote types its exposed module as
 * `ComponentType<SlotProps['flowForm']>`); every RemoteSlot has an entry.
 */
export interface SlotProps {
  /** The header's notification bell, e.g. './NotificationBell'. */
  headerBell: Record<string, never>;
  /** /newapplication, /omni-embed, /dynamic-resume and /backstage/newapplication, e.g. './CustomerFlow'. */
  customerArea: RemotePageProps;
  /** One application's form inside another remote's page, e.g. './FlowForm'. */
  flowForm: FlowFormProps;
  /** One application's video call inside another page (the detail, the portal), e.g. './VideoCall'. */
  videoCall: VideoCallSlotProps;
}

/** The sentence a host shows when a remote cannot be shown. */
export function remoteUnavailableMessage(remote: Pick<RemoteEntry, 'displayName' | 'unavailableMessage'>): string {
  return remote.unavailableMessage ?? `${remote.displayName} is unavailable right now.`;
}

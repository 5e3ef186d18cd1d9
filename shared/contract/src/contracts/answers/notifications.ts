// The notification of spec §3, as the socket sends it (NOTIFICATION, NEW; modules/notifications): the
// source of the Notification type entities.ts exports. The one HTTP route of the module, the push
// subscription, answers a plain acknowledgement (MessageAnswerSchema).
import Type from 'typebox';
import { closed, Id, IsoDateTime } from '../primitives';

export const NotificationKindSchema = Type.Union([
  Type.Literal('ASSIGNED'),
  Type.Literal('FOLLOWED'),
  Type.Literal('TEAM'),
]);
export const NotificationStatusNameSchema = Type.Union([
  Type.Literal('AssignedToApprovalUser'),
  Type.Literal('AssignedToApprovalTeam'),
  Type.Literal('AssignedQueriesToUser'),
  Type.Literal('AssignedQueriesToTeam'),
  Type.Literal('AssignedToUser'),
  Type.Literal('AssignedToTeam'),
  Type.Literal('TeamApplication'),
]);

export const NotificationSchema = Type.Object(
  {
    notificationId: Id,
    _id: Id,
    createdAT: IsoDateTime,
    /** '1' viewed, '0' unread. */
    status: Type.Union([Type.Literal('0'), Type.Literal('1')]),
    isCounted: Type.Boolean(),
    metadata: Type.Object(
      {
        type: NotificationKindSchema,
        status: Type.Optional(NotificationStatusNameSchema),
        application_id: Type.Optional(Id),
      },
      closed,
    ),
    messages: Type.String(),
    /** Who caused it (its avatar); the recipient for a system notification. */
    username: Type.String(),
    /** How long ago, relative to when it was sent. */
    timeText: Type.Optional(Type.String()),
    /** Spec §9 date-time, in the server's time zone. */
    createdDate: Type.Optional(Type.String()),
  },
  closed,
);

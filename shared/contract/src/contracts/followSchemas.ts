// Following an application (spec §3 FOLLOWED notifications, §7 getApplicationsFollowed): staff who may see
// an application follow it and hear when its step changes. Paths in API_PATHS (followApplication,
// applicationsFollowed); the followed list answers SearchPageAnswerSchema, a page of list tasks as the
// searches answer it.
import Type, { type Static } from 'typebox';
import { closed, Id } from './primitives';

/** GET, POST (follow) and DELETE (unfollow) of API_PATHS.followApplication. */
export const FollowParamsSchema = Type.Object({ applicationId: Id }, closed);

/** Whether the caller follows the application, after the call. */
export const FollowStateAnswerSchema = Type.Object({ application_id: Id, following: Type.Boolean() }, closed);
export type FollowState = Static<typeof FollowStateAnswerSchema>;

/** POST /backstage/getApplicationsFollowed: a page of the caller's followed applications, newest follow first. */
export const FollowedApplicationsBodySchema = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  closed,
);
export type FollowedApplicationsBody = Static<typeof FollowedApplicationsBodySchema>;

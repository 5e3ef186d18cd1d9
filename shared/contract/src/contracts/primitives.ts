// The wire primitives every schema is built from: one definition each, so the identifier rule, the
// bounds of a comment or a date-time are written once for requests and answers, server and browser.
import Type, { type TSchema, type TSchemaOptions } from 'typebox';
import { ID_CHARACTERS, ID_MAX_LENGTH, ID_PATTERN } from './constants';

/** Objects of the contract refuse keys nobody declared. */
export const closed = { additionalProperties: false } as const;

/** A value the answer always carries, null when there is none. */
export const Nullable = <T extends TSchema>(schema: T, options?: TSchemaOptions) =>
  Type.Union([schema, Type.Null()], options);

/** The identifier rule (constants.ts): application, task, user, team and file ids, codes of configured things. */
export const Id = Type.String({ minLength: 1, maxLength: ID_MAX_LENGTH, pattern: ID_PATTERN });
/** Identifiers separated by commas (a query naming several flows). */
export const IdList = Type.String({
  minLength: 1,
  maxLength: 1000,
  pattern: `^${ID_CHARACTERS}+(,${ID_CHARACTERS}+)*$`,
});
/** A product, flow or microflow code: the identifier rule. */
export const Code = Type.String({ minLength: 1, maxLength: ID_MAX_LENGTH, pattern: ID_PATTERN });
/** A field or component key of a flow. */
export const Key = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.-]+$' });
/** A route of a flow's navigation. */
export const RouteInfo = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' });
/** What staff write on an action, a note or a query. */
export const Comment = Type.String({ minLength: 1, maxLength: 2000 });
/** ISO 8601 date-time, as the server stores and answers it. */
export const IsoDateTime = Type.String({ format: 'date-time', maxLength: 40 });
/** The same shape the OTP route accepts for an EMAIL recipient. */
export const Email = Type.String({ minLength: 3, maxLength: 254, pattern: '^[^@\\s]+@[^@\\s]+\\.[A-Za-z]{2,}$' });
/** A stored file's id (a UUID). */
export const FILE_ID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
export const FileId = Type.String({ pattern: FILE_ID_PATTERN });
/**
 * A record's key of any text. Type.String() as a record key becomes the pattern '^.*$', which a key
 * with a line break fails: fast-json-stringify would leave that entry out of the answer.
 */
export const AnyKey = Type.String({ pattern: '^[\\s\\S]*$' });

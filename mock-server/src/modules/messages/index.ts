// The messages module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").
export type { MessageChannel, MessageKind, OutgoingMessage } from './outbox';
export { enqueueMessage } from './outbox';

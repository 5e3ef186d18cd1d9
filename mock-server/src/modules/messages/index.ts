// The messages module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").
export { deliveryLog } from './log';
export type { OutgoingMessage } from './outbox';
export { enqueueMessage } from './outbox';
export type { MessageWorker } from './worker';
export { startMessageWorker } from './worker';

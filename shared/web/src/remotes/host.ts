// '@originate/web/remote-host': one way to load and render a remote's module, for every page that hosts remotes
// (the shell; the applicants' portal for its slots): registration and loading with retries and the shape check
// (loader.ts, shape.ts), the error boundary with its fallback, and the host's side of the slots.
export { RemoteFallback } from './RemoteBoundary';
export { RemoteModule } from './RemoteModule';
export { type SlotHostOptions, SlotHostProvider, slotHostFor } from './SlotHost';

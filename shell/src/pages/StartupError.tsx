import { StatusPage } from './StatusPage';

/** Shown when /env.json cannot be read: nothing else can work without it. */
export function StartupError({ error }: { error: unknown }) {
  const reason = error instanceof Error ? error.message : String(error);
  return (
    <StatusPage heading="Originate cannot start" lines={['The runtime configuration could not be loaded.', reason]} />
  );
}

// The team's own page: the same providers as the shell, a header with the bell and the Notification page.
import { startStandalone } from '@originate/shared/standalone';
import { StandaloneApp } from './standalone/StandaloneApp';

startStandalone(StandaloneApp, 'Notifications');

// The team's own page: the same providers as the shell, a header with the bell and the Notification page.
import { startStandalone } from '@originate/web/standalone';
import { StandaloneApp } from './standalone/StandaloneApp';

startStandalone(StandaloneApp, 'Notifications');

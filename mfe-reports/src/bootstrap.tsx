// The team's own page: the same providers as the shell, a header, the Dashboard and the Reports.
import { startStandalone } from '@originate/web/standalone';
import { StandaloneApp } from './standalone/StandaloneApp';

startStandalone(StandaloneApp, 'Reports');

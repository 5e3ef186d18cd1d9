// The team's own page: the same providers as the shell, a header, the lead lists, Create Lead and the detail.
import { startStandalone } from '@originate/web/standalone';
import { StandaloneApp } from './standalone/StandaloneApp';

startStandalone(StandaloneApp, 'Leads');

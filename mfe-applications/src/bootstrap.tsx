// The team's own page: the same providers as the shell, a header, the lists and the detail page.
import { startStandalone } from '@originate/web/standalone';
import { StandaloneApp } from './standalone/StandaloneApp';

startStandalone(StandaloneApp, 'Applications');

// The team's own page: the same providers as the shell, a header, the Video page and an application's call.
import { startStandalone } from '@originate/web/standalone';
import { StandaloneApp } from './standalone/StandaloneApp';

startStandalone(StandaloneApp, 'Video');

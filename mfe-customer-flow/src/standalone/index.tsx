// The applicants' page on this remote's own origin: the shell's providers, chrome and a router around
// the customer routes.
import { startStandalone } from '@originate/web/standalone';
import { StandaloneApp } from './StandaloneApp';

startStandalone(StandaloneApp, 'The application form');

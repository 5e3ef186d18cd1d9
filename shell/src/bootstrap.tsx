import { loadRuntimeEnv, sharedStore, themeConfigAtom } from '@originate/web';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { StartupError } from './pages/StartupError';
import { applyCachedTimeZone, readCachedTheme } from './theme/themeCache';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// The bank's last theme first, so the login page wears it before any call returns.
sharedStore.set(themeConfigAtom, readCachedTheme(localStorage));
applyCachedTimeZone(localStorage);

loadRuntimeEnv().then(
  () => root.render(<App />),
  (error: unknown) => root.render(<StartupError error={error} />),
);

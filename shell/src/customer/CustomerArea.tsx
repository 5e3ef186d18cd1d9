import Box from '@mui/material/Box';
import type { SlotProps } from '@originate/contract';
import { useLocation } from 'react-router-dom';
import { QueryProvider } from '../QueryProvider';
import { slotProvider } from '../remotes/manifest';
import { RemoteFallback } from '../remotes/RemoteBoundary';
import { RemoteModule } from '../remotes/RemoteModule';
import { useManifest } from '../remotes/useManifest';
import { CUSTOMER_AREA_UNAVAILABLE } from './unavailable';

/** newapplication, omni-embed and dynamic-resume: the customerArea slot. */
export default function CustomerArea() {
  const { pathname } = useLocation();
  const { manifest, reload } = useManifest();
  // The first segment the route matched, e.g. '/omni-embed', is the remote's basename.
  const basename = `/${pathname.split('/')[1]}`;
  // Applicants hold no roles: only a remote open to everyone may fill the customer area.
  const provider = slotProvider(manifest, [], 'customerArea');
  return (
    <QueryProvider>
      <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', p: { xs: 2, sm: 4 } }}>
        {provider ? (
          <RemoteModule<SlotProps['customerArea']>
            remote={provider.remote}
            module={provider.module}
            props={{ basename }}
          />
        ) : (
          // Applicants see a calm, centred notice, not the deployment's technical state.
          <Box sx={{ maxWidth: 560, mx: 'auto', mt: { xs: 4, sm: 12 } }}>
            <RemoteFallback
              message={CUSTOMER_AREA_UNAVAILABLE}
              detail="Please try again in a few minutes."
              onRetry={reload}
            />
          </Box>
        )}
      </Box>
    </QueryProvider>
  );
}

import Box from '@mui/material/Box';
import type { SlotProps } from '@originate/contract';
import { RemoteFallback, RemoteModule, type SlotHostOptions, SlotHostProvider } from '@originate/web/remote-host';
import { slotProvider, useManifest } from '@originate/web/remotes';
import { useLocation } from 'react-router-dom';
import { PageLoading } from '../pages/PageLoading';
import { QueryProvider } from '../QueryProvider';
import { CUSTOMER_AREA_UNAVAILABLE } from './unavailable';

const NO_ROLES: readonly string[] = [];
/**
 * The slots the customer area's pages place, as on the portal's own origin (the applicant's video call): nothing
 * shows while their remote is unavailable.
 */
const CUSTOMER_SLOTS: SlotHostOptions = { slots: ['videoCall'], fallback: 'none' };

/** newapplication, omni-embed and dynamic-resume: the customerArea slot. */
export default function CustomerArea() {
  const { pathname } = useLocation();
  const { manifest, reload } = useManifest();
  // The first segment the route matched, e.g. '/omni-embed', is the remote's basename.
  const basename = `/${pathname.split('/')[1]}`;
  // Applicants hold no roles: only a remote open to everyone may fill the customer area.
  const provider = slotProvider(manifest, NO_ROLES, 'customerArea');
  return (
    <QueryProvider>
      <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', p: { xs: 2, sm: 4 } }}>
        {provider ? (
          <SlotHostProvider manifest={manifest} roles={NO_ROLES} options={CUSTOMER_SLOTS}>
            <RemoteModule<SlotProps['customerArea']>
              remote={provider.remote}
              module={provider.module}
              props={{ basename }}
              loading={<PageLoading />}
            />
          </SlotHostProvider>
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

// /backstage/newapplication?resume=<application id> (spec §2): the customer flow of a task assigned to the
// signed-in user, inside the back-office layout. The customerArea slot's remote decides, with the staff
// session, what the user may open; the server enforces it.

import { type SlotProps, STAFF_FLOW_PATH } from '@originate/contract';
import type { Session } from '@originate/web';
import { RemoteFallback, RemoteModule } from '@originate/web/remote-host';
import { slotProvider, useManifest } from '@originate/web/remotes';
import { CUSTOMER_AREA_UNAVAILABLE } from '../customer/unavailable';
import { PageLoading } from '../pages/PageLoading';

export function StaffFlowPage({ session }: { session: Session }) {
  const { manifest, reload } = useManifest();
  const provider = slotProvider(manifest, session.user.roles, 'customerArea');
  return provider ? (
    <RemoteModule<SlotProps['customerArea']>
      remote={provider.remote}
      module={provider.module}
      props={{ basename: `/${STAFF_FLOW_PATH}` }}
      loading={<PageLoading />}
    />
  ) : (
    <RemoteFallback message={CUSTOMER_AREA_UNAVAILABLE} onRetry={reload} />
  );
}

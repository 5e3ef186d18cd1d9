// Form preview (Admin/Features.ApplicationFormPreview): staff open a product's application form as
// applicants see it, on the customer portal's own origin: the origin of the remote that fills the
// customerArea slot, which serves the portal standalone. There no staff session exists (on the shell's
// origin the portal would find the staff session and refuse to start an applicant's application).
import { CUSTOMER_PATHS } from '@originate/contract';

/** A product's form on the portal origin of the remote whose manifest entry is `remoteEntry`. */
export function formPreviewUrl(remoteEntry: string, productCode: string): string {
  const url = new URL(`/${CUSTOMER_PATHS[0]}`, new URL(remoteEntry).origin);
  url.search = new URLSearchParams({ product: productCode }).toString();
  return url.toString();
}

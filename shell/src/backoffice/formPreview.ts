// Form preview (Admin/Features.ApplicationFormPreview): staff open a product's application form as
// applicants see it, on the customer portal's own origin, where no staff session exists.

/** Where a product's form starts, from the portal address of the first Environment/Domain entry. */
export function formPreviewUrl(customerportal: string, productCode: string): string {
  const url = new URL(customerportal);
  // The portal may be configured at its entry (…/newapplication?product=HL) or at its root.
  const at = url.pathname.indexOf('newapplication');
  url.pathname =
    at === -1
      ? `${url.pathname.replace(/\/+$/, '')}/newapplication`
      : url.pathname.slice(0, at + 'newapplication'.length);
  url.search = new URLSearchParams({ product: productCode }).toString();
  url.hash = '';
  return url.toString();
}

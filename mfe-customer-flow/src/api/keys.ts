// Every TanStack Query key of this remote, one builder per resource. The shell's one QueryClient serves
// every remote, so each key starts with the remote's name.

export const flowKeys = {
  setup: (mode: 'apply' | 'resume' | 'staff', id: string, fresh: boolean) =>
    ['mfe-customer-flow', 'setup', mode, id, fresh] as const,
  flowForm: (applicationId: string) => ['mfe-customer-flow', 'flowForm', applicationId] as const,
  products: ['mfe-customer-flow', 'products'] as const,
  productDetails: (productCode: string) => ['mfe-customer-flow', 'productDetails', productCode] as const,
  requests: (applicationId: string) => ['mfe-customer-flow', 'requests', applicationId] as const,
  myApplications: (email: string) => ['mfe-customer-flow', 'myApplications', email] as const,
  multilingual: (flowId: string | undefined, lang: string) =>
    ['mfe-customer-flow', 'multilingual', flowId, lang] as const,
  translate: (flowId: string | undefined, lang: string) => ['mfe-customer-flow', 'translate', flowId, lang] as const,
  labels: (flowId: string | undefined, lang: string) => ['mfe-customer-flow', 'labels', flowId, lang] as const,
  /** The video call waiting on the applicant's application (GET videoInvitation). */
  videoInvitation: (applicationId: string) => ['mfe-customer-flow', 'videoInvitation', applicationId] as const,
  /** The product's consent texts (public) and the application's consent records. */
  consentSet: (productCode: string) => ['mfe-customer-flow', 'consentSet', productCode] as const,
  consentRecords: (applicationId: string) => ['mfe-customer-flow', 'consentRecords', applicationId] as const,
  /** The submitted application's confirmation (the end page). */
  confirmation: (applicationId: string) => ['mfe-customer-flow', 'confirmation', applicationId] as const,
  /** The bank's name and contact (GET bankContact, public). */
  bankContact: ['mfe-customer-flow', 'bankContact'] as const,
  /** The bank's logo from the theme config (GET portalBranding, public). */
  branding: ['mfe-customer-flow', 'branding'] as const,
  /** The standalone portal's slot host, from the runtime manifest (roles: the session user's). */
  slotHost: (manifestUrl: string, roles: readonly string[]) =>
    ['mfe-customer-flow', 'slotHost', manifestUrl, roles] as const,
};

// Every TanStack Query key of the shell, one builder per resource. The shell's one QueryClient serves every
// remote too, so each key starts with 'shell'.

export const configKeys = {
  /** GET /api/getCustomeStyle: the bank's theme. */
  customStyle: ['shell', 'configs', 'customStyle'] as const,
  /** GET /api/getAdminConfigurations: the chatbot's setup among others. */
  adminConfigurations: ['shell', 'configs', 'adminConfigurations'] as const,
  /** GET /setup/configs/Admin/Features: what the back office shows. */
  adminFeatures: ['shell', 'configs', 'adminFeatures'] as const,
};

export const userKeys = {
  /** GET /v3/users/:userid: the profile, teams and team selection. */
  user: (userid: string) => ['shell', 'users', userid] as const,
};

export const productKeys = {
  /** GET /v3/lead/getAllProducts: the products whose forms can be previewed. */
  list: ['shell', 'products'] as const,
};

export const translationKeys = {
  /** POST /v3/translation/translate: these texts in that language. */
  texts: (lang: string, texts: readonly string[]) => ['shell', 'translations', lang, texts] as const,
};

export const passwordResetKeys = {
  /** GET resetPasswordCheck?token=: whether a reset link may still be used. */
  check: (token: string) => ['shell', 'passwordReset', token] as const,
};

export const settingsKeys = {
  /** GET /v3/users (operations admin): every page and search of the users with roles and teams. */
  users: ['shell', 'settings', 'users'] as const,
  /** One page of GET /v3/users?search=. */
  usersPage: (page: number, size: number, search: string) =>
    ['shell', 'settings', 'users', page, size, search] as const,
  /** GET /v3/users/teams: every team. */
  teams: ['shell', 'settings', 'teams'] as const,
  /** GET /backstage/Products: the products with their limits. */
  products: ['shell', 'settings', 'products'] as const,
  /** GET /setup/configs/Consent/:productCode: the product's consent texts. */
  consents: (productCode: string) => ['shell', 'settings', 'consents', productCode] as const,
  /** GET /setup/audits: every page of the configuration history. */
  audits: ['shell', 'settings', 'audits'] as const,
  /** One page of GET /setup/audits, of one kind or all. */
  auditsPage: (page: number, size: number, kind: string | null) =>
    ['shell', 'settings', 'audits', page, size, kind] as const,
  /** GET /api/ProductDetails/:productCode/documents: the documents a product asks for. */
  productDocuments: (productCode: string) => ['shell', 'settings', 'productDocuments', productCode] as const,
};

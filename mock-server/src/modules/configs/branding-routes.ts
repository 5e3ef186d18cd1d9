// The bank's branding the portal shows before any session exists: the logo of the theme config
// (Theme/Default `logo`, checked on save by value-rules) and the bank's time zone its times are shown in. The theme itself stays behind a session
// (GET /api/getCustomeStyle); only the logo, which every visitor of the portal sees anyway, is public.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS, type ThemeConfig } from '@originate/contract';
import { ERROR_ANSWERS, PortalBrandingSchema } from '@originate/contract/schemas';
import type { PluginOptions } from '../../platform/context';
import { bankTimeZoneOf, readConfig } from './entries';

export const brandingRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  app.get(
    API_PATHS.portalBranding,
    { config: { public: true }, schema: { response: { 200: PortalBrandingSchema, ...ERROR_ANSWERS } } },
    async () => {
      const theme = await readConfig<ThemeConfig>(ctx.db, 'Theme', 'Default');
      return { logo: theme?.logo ?? null, bankTimeZone: await bankTimeZoneOf(ctx.db) };
    },
  );
};

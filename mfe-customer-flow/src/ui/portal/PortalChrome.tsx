// The applicant's page frame: header, background, padding, footer. /omni-embed takes hideBackground,
// hideFooter, hideHeader and innerPadding from its query (spec §9 embedded display options). Above the page, the
// applicant's video call while one waits on their application (VideoInvitation).
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useBankContact, useBranding } from '../../api/useConsents';
import { VideoInvitation } from './VideoInvitation';

export interface EmbedOptions {
  hideBackground: boolean;
  hideFooter: boolean;
  hideHeader: boolean;
  /** CSS pixels around the content; undefined keeps the default. */
  innerPadding?: number;
}

export const NO_EMBED: EmbedOptions = { hideBackground: false, hideFooter: false, hideHeader: false };

/** Inside the back office (staff resuming a task) the shell's layout is the frame: the portal adds none. */
export const IN_BACK_OFFICE: EmbedOptions = {
  hideBackground: true,
  hideFooter: true,
  hideHeader: true,
  innerPadding: 0,
};

const flag = (params: URLSearchParams, name: string) => {
  const value = params.get(name);
  return value !== null && value !== 'false' && value !== '0';
};

export function embedOptions(params: URLSearchParams): EmbedOptions {
  const padding = Number(params.get('innerPadding'));
  return {
    hideBackground: flag(params, 'hideBackground'),
    hideFooter: flag(params, 'hideFooter'),
    hideHeader: flag(params, 'hideHeader'),
    innerPadding:
      params.has('innerPadding') && Number.isFinite(padding) && padding >= 0 ? Math.min(padding, 200) : undefined,
  };
}

/** The bank's initials, up to two: its mark where the configuration holds no logo image. */
function initialsOf(name: string): string {
  const words = name
    .replace(/\b(?:Ltd|Limited|Bank|of|the)\b\.?/gi, ' ')
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w));
  return (words.length > 0 ? words : name.split(/\s+/))
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

/**
 * The bank's logo (theme config, public) or else its initials mark, and its name (config Templates/Letters,
 * public), 'Apply online' beside it.
 */
function BankMark() {
  const contact = useBankContact();
  const logo = useBranding().data?.logo;
  const name = contact.data?.name || 'Apply online';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minHeight: 36 }}>
      {logo ? (
        <Box
          component="img"
          src={logo}
          alt={contact.data?.name ?? 'The bank'}
          data-testid="bank-logo"
          sx={{
            height: 40,
            maxWidth: { xs: 120, sm: 180 },
            objectFit: 'contain',
            bgcolor: 'primary.contrastText',
            borderRadius: '6px',
            p: 0.5,
            flexShrink: 0,
          }}
        />
      ) : (
        contact.data?.name && (
          <Box
            aria-hidden
            sx={{
              width: 34,
              height: 34,
              borderRadius: '8px',
              bgcolor: 'primary.contrastText',
              color: 'primary.main',
              display: 'grid',
              placeItems: 'center',
              fontWeight: 800,
              fontSize: 15,
              letterSpacing: 0.5,
              flexShrink: 0,
            }}
          >
            {initialsOf(contact.data.name)}
          </Box>
        )
      )}
      <Typography variant="h6" component="p" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
        {name}
        {contact.data?.name && (
          <Typography component="span" sx={{ display: 'block', opacity: 0.85, fontSize: 13 }}>
            Apply online
          </Typography>
        )}
      </Typography>
    </Box>
  );
}

export function PortalChrome({ embed, children }: { embed: EmbedOptions; children: ReactNode }) {
  return (
    <Box
      data-testid="portal-chrome"
      sx={{
        minHeight: '100%',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: embed.hideBackground ? 'transparent' : 'background.default',
      }}
    >
      {!embed.hideHeader && (
        <Box
          component="header"
          sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: { xs: 2, sm: 3 }, py: 1.5 }}
        >
          <BankMark />
        </Box>
      )}
      <Container
        component="main"
        maxWidth="md"
        // The host's padding replaces the container's own gutters, which would win at wider breakpoints.
        disableGutters={embed.innerPadding !== undefined}
        sx={{
          flex: 1,
          ...(embed.innerPadding !== undefined ? { p: `${embed.innerPadding}px` } : { py: { xs: 2, sm: 4 } }),
        }}
      >
        <VideoInvitation />
        {children}
      </Container>
      {!embed.hideFooter && (
        <Box
          component="footer"
          sx={{ px: 3, py: 2, textAlign: 'center', color: 'text.secondary', borderTop: 1, borderColor: 'divider' }}
        >
          <Typography variant="caption">Your details are sent encrypted and kept only for your application.</Typography>
        </Box>
      )}
    </Box>
  );
}

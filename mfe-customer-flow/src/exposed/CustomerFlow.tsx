// The customerArea slot (spec §2): /newapplication (product list, then the chosen product's flow),
// /omni-embed (the same, framed by a partner site), /dynamic-resume (a resume link) and, for staff,
// /backstage/newapplication?resume=<application id>. The host routes the path; this module reads its query.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SlotProps } from '@originate/contract';
import { endSession, sessionAtom } from '@originate/web';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { endApplicantSession, isApplicantSession, keepApplicantSessionAlive } from '../api/applicantSession';
import { createDraftStore, type DraftStore, indexedDbStore } from '../api/draftStore';
import { flowKeys } from '../api/keys';
import { DeviceCheckNeeded, EngineMismatchError, isRefusedToken, rememberVerifiedLink } from '../api/loadFlow';
import { usePortalFlowSetup } from '../api/useFlowSetup';
import { LANGUAGES, type LanguageCode, useTranslations } from '../api/useTranslations';
import { currentDevice } from '../domain/device';
import { CaptchaGate } from '../ui/portal/Captcha';
import { EngineUpdateNotice } from '../ui/portal/EngineUpdateNotice';
import { FlowScreen } from '../ui/portal/FlowScreen';
import { embedOptions, IN_BACK_OFFICE, NO_EMBED, PortalChrome } from '../ui/portal/PortalChrome';
import { VerifyDevice } from '../ui/portal/VerifyDevice';
import { useScreenBusy } from '../ui/screenSettled';
import { useStableViewer } from './viewer';

// The product list and the applicant's own applications: a page of its own, not needed by a flow's first step.
const ProductList = lazy(() => import('../ui/portal/ProductList').then((m) => ({ default: m.ProductList })));

export const INVALID_URL_PATH = '/invalidURL';

type Mode = 'apply' | 'resume' | 'staff';

function modeOf(basename: string): Mode {
  if (basename.startsWith('/backstage')) return 'staff';
  if (basename.startsWith('/dynamic-resume')) return 'resume';
  return 'apply';
}

let drafts: DraftStore | null = null;
/** One IndexedDB store per page, opened on first use. */
function draftStore(): DraftStore {
  drafts ??= createDraftStore(indexedDbStore());
  return drafts;
}

function Loading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }} role="status" aria-label="Loading">
      <CircularProgress />
    </Box>
  );
}

function StaffSessionNotice() {
  const session = useAtomValue(sessionAtom);
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h6" component="h1" gutterBottom>
        You are signed in to the back office
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {session?.user.displayName}, applications started here belong to an applicant, not to your account. Sign out of
        the back office first, or open this page in a private window.
      </Typography>
      <Button variant="contained" onClick={() => void endSession()}>
        Sign out and continue
      </Button>
    </Paper>
  );
}

export default function CustomerFlow({ basename }: SlotProps['customerArea']) {
  const mode = modeOf(basename);
  const [params] = useSearchParams();
  const embed = basename.startsWith('/omni-embed')
    ? embedOptions(params)
    : mode === 'staff'
      ? IN_BACK_OFFICE
      : NO_EMBED;
  return (
    <PortalChrome embed={embed}>
      <CustomerFlowBody mode={mode} params={params} />
    </PortalChrome>
  );
}

function CustomerFlowBody({ mode, params }: { mode: Mode; params: URLSearchParams }) {
  const session = useAtomValue(sessionAtom);
  const staffSignedIn = session !== null && !isApplicantSession(session);
  if (mode === 'staff') {
    const resume = params.get('resume');
    if (!staffSignedIn || !resume)
      return <Alert severity="warning">Open this page from an application assigned to you.</Alert>;
    return <FlowLoader key={`staff:${resume}`} mode="staff" id={resume} />;
  }
  if (staffSignedIn) return <StaffSessionNotice />;
  if (mode === 'resume') {
    const token = params.get('transactionToken');
    return <FlowLoader key={`token:${token ?? ''}`} mode="resume" id={token ?? ''} />;
  }
  const product = params.get('product');
  return product ? <FlowLoader key={`product:${product}`} mode="apply" id={product} /> : <ChooseProduct />;
}

function ChooseProduct() {
  const [, setParams] = useSearchParams();
  return (
    <Suspense fallback={<Loading />}>
      <ProductList onChoose={(product) => setParams((p) => ({ ...Object.fromEntries(p), product }))} />
    </Suspense>
  );
}

function FlowLoader({ mode, id }: { mode: Mode; id: string }) {
  const navigate = useNavigate();
  const staff = useAtomValue(sessionAtom)?.user;
  // Staff resuming a flow fill it under their own field access; applicants are not governed by it.
  const viewer = useStableViewer(mode === 'staff' && staff ? { roles: staff.roles, teams: staff.teams } : undefined);
  const queryClient = useQueryClient();
  const [fresh, setFresh] = useState(false);
  const [captcha, setCaptcha] = useState<string | undefined>();
  const [lang, setLang] = useState<LanguageCode>('en');
  const device = useMemo(() => currentDevice(), []);
  const queryKey = useMemo(() => flowKeys.setup(mode, id, fresh), [mode, id, fresh]);
  const setup = usePortalFlowSetup(mode, id, fresh, { deviceWidth: device.deviceWidth, drafts: draftStore });

  const invalidLink = mode === 'resume' && setup.isError && (id === '' || isRefusedToken(setup.error));
  useScreenBusy(setup.isPending);
  useEffect(() => {
    if (invalidLink) navigate(INVALID_URL_PATH, { replace: true });
  }, [invalidLink, navigate]);

  useEffect(() => {
    if (mode === 'staff') return;
    return keepApplicantSessionAlive(() => undefined);
  }, [mode]);

  const t = useTranslations(setup.data, lang);

  const startOver = useCallback(async () => {
    const current = setup.data;
    if (current?.application) {
      await draftStore().remove({
        productCode: current.productCode,
        applicationId: current.application.application_id,
      });
    }
    queryClient.removeQueries({ queryKey });
    setCaptcha(undefined);
    setFresh(true);
  }, [setup.data, queryClient, queryKey]);

  if (setup.isPending || invalidLink) return <Loading />;
  if (setup.error instanceof EngineMismatchError) return <EngineUpdateNotice keptOnDevice={mode !== 'staff'} />;
  if (setup.error instanceof DeviceCheckNeeded) {
    return (
      <VerifyDevice
        token={id}
        destinations={setup.error.destinations}
        onVerified={(resumed) => {
          rememberVerifiedLink(id, resumed);
          void setup.refetch();
        }}
        onDeadLink={() => navigate(INVALID_URL_PATH, { replace: true })}
      />
    );
  }
  if (setup.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void setup.refetch()}>
            Retry
          </Button>
        }
      >
        The application could not be loaded. {setup.error.message}
      </Alert>
    );
  }
  const data = setup.data;
  if (mode === 'apply' && data.captcha && !data.application && !data.draft && !captcha) {
    return <CaptchaGate onSolved={setCaptcha} />;
  }
  const picker = t.available ? (
    <TextField
      select
      size="small"
      label="Language"
      value={lang}
      onChange={(e) => setLang(e.target.value as LanguageCode)}
      sx={{ minWidth: 140 }}
    >
      {LANGUAGES.map((l) => (
        <MenuItem key={l.code} value={l.code} lang={l.code}>
          {l.label}
        </MenuItem>
      ))}
    </TextField>
  ) : undefined;
  return (
    <FlowScreen
      setup={data}
      toolbar={picker}
      translate={t.translate}
      labelOf={t.labelOf}
      onStartOver={mode === 'apply' ? () => void startOver() : undefined}
      options={{
        role: mode === 'staff' ? 'staff' : 'applicant',
        applicantType: 'primary',
        access: 'WRITE',
        editable: true,
        viewer,
        lang: t.lang,
        translate: t.translate,
        labelOf: t.labelOf,
        drafts: mode === 'staff' ? null : draftStore(),
        captchaResponse: captcha,
        onSubmitted: mode === 'staff' ? undefined : endApplicantSession,
      }}
    />
  );
}

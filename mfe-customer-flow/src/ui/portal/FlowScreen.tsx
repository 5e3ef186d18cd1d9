// One flow on screen: stepper, the current step's form (or the summary), Back / Save / Next / Submit,
// joint applicants, the save status, the resume link and previews. Themed by the flow's flowTheme.
import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { ThemeProvider, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { DEFAULT_THEME_CONFIG, type FieldConfig } from '@originate/contract';
import { buildTheme, themeConfigAtom, useReducedMotion } from '@originate/web';
import { useAtomValue } from 'jotai';
import { memo, type ReactNode, useCallback, useMemo, useRef } from 'react';
import { flowFieldServices } from '../../api/fieldServices';
import type { FlowSetup } from '../../api/loadFlow';
import { OFFLINE_STATUS_TEXT, type SyncStatus } from '../../api/saveQueue';
import { FormLayout } from '../fields/Layout';
import { FieldServicesProvider } from '../fields/services';
import { ConfirmationPage } from './ConfirmationPage';
import { ConsentPanel } from './consent/ConsentPanel';
import { type RunningAction, useConsentStep } from './consent/useConsentStep';
import { ErrorSummary, summaryEntries } from './ErrorSummary';
import { FlowStepper } from './FlowStepper';
import type { FlowOptions } from './flow/options';
import { ResumeLinkPanel } from './ResumeLinkPanel';
import { Summary } from './Summary';
import { type FlowController, useFlow } from './useFlow';
import { useHeadingFocus } from './useHeadingFocus';

const SYNC_TEXT: Record<SyncStatus, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved',
  offline: OFFLINE_STATUS_TEXT,
  error: 'Not saved',
};

function SyncChip({ status }: { status: SyncStatus }) {
  if (status === 'idle') return null;
  const offline = status === 'offline';
  return (
    <Chip
      role="status"
      aria-live="polite"
      size="small"
      icon={offline ? <CloudOffOutlinedIcon /> : <CloudDoneOutlinedIcon />}
      color={offline ? 'warning' : status === 'error' ? 'error' : 'default'}
      variant={offline ? 'filled' : 'outlined'}
      label={SYNC_TEXT[status]}
      sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }}
    />
  );
}

/** The flow's own colours over the current theme (shell or standalone). */
function FlowTheme({ setup, children }: { setup: FlowSetup; children: ReactNode }) {
  const config = useAtomValue(themeConfigAtom);
  const outer = useTheme();
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => {
    const flowTheme = setup.flow.flowTheme;
    if (!flowTheme) return outer;
    const base = config ?? DEFAULT_THEME_CONFIG;
    return buildTheme(
      {
        ...base,
        primaryColor: flowTheme.primaryColor ?? base.primaryColor,
        secondaryColor: flowTheme.secondaryColor ?? base.secondaryColor,
        backgroundColor: flowTheme.backgroundColor ?? base.backgroundColor,
        surfaceColor: flowTheme.surfaceColor ?? base.surfaceColor,
      },
      { reducedMotion },
    );
  }, [setup.flow.flowTheme, config, outer, reducedMotion]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

// The parts below the form are memoised like FlowHeader (see there): a keystroke re-renders none of them.

export interface FlowScreenProps {
  setup: FlowSetup;
  options: FlowOptions;
  /** Applicants may leave this application and start a new one. */
  onStartOver?(): void;
  /** Shown above the stepper (language picker). */
  toolbar?: ReactNode;
  translate(text: string): string;
  labelOf(field: FieldConfig): string;
}

export function FlowScreen(props: FlowScreenProps) {
  return (
    <FlowTheme setup={props.setup}>
      <FlowBody {...props} />
    </FlowTheme>
  );
}

function FlowBody({ setup, options, onStartOver, toolbar, translate, labelOf }: FlowScreenProps) {
  const flow = useFlow(setup, options);
  // Stable for the memoised panel: the newest flow read when called.
  const latest = useRef(flow);
  latest.current = flow;
  const readValues = useCallback(() => latest.current.values, []);
  const keepResumeToken = useCallback((token: string) => latest.current.keepResumeToken(token), []);
  const { step, binding } = flow;
  // One services object for the screen's life: a new one each keystroke would make React look through all
  // 500 fields for its readers. The newest ensureApplication is read when a service runs.
  const ensureApplication = useRef(flow.ensureApplication);
  ensureApplication.current = flow.ensureApplication;
  const services = useMemo(() => flowFieldServices(() => ensureApplication.current()), []);
  const component = step ? setup.components.get(step.componentId) : undefined;
  const jointSections = setup.flow.sections.filter((s) => s.applicantType && s.applicantType !== 'primary');
  const end = useConsentStep(setup, flow, options);

  if (flow.submitted && flow.application) {
    return <ConfirmationPage applicationId={flow.application.application_id} pass={end.pass} />;
  }

  return (
    <FieldServicesProvider services={services}>
      <Stack spacing={2.5}>
        <FlowHeader
          title={translate(setup.flow.flowName)}
          applicationId={flow.application?.application_id}
          sync={flow.sync}
          toolbar={toolbar}
        />
        <FlowStepper entries={flow.stepper} translate={translate} />
        {options.role === 'applicant' && jointSections.length > 0 && (
          <JointApplicants flow={flow} hasGuarantor={jointSections.some((s) => s.applicantType === 'guarantor')} />
        )}
        <Paper component="form" noValidate onSubmit={(e) => e.preventDefault()} sx={{ p: { xs: 2, sm: 3 } }}>
          {step && (
            <StepTitle
              stepKey={`${step.componentId} ${step.applicant.type} ${step.jointIndex ?? 0}`}
              title={translate(step.subSectionName)}
              applicantType={step.applicant.type}
              jointIndex={step.jointIndex ?? 0}
            />
          )}
          {flow.form && flow.refused.length > 0 && (
            <ErrorSummary entries={summaryEntries(flow.form, flow.refused, labelOf)} />
          )}
          {!component || !binding ? (
            <Alert severity="error">This step's form ({step?.componentId ?? 'none'}) is not configured.</Alert>
          ) : (
            <Stack spacing={3}>
              {step?.summary && <Summary flow={flow} translate={translate} labelOf={labelOf} />}
              {end.onConsentStep && <ConsentPanel consents={end.consents} showMissing={end.showMissing} />}
              <FormLayout layout={component.layout} binding={binding} />
            </Stack>
          )}
          <StepActions
            write={options.access === 'WRITE'}
            isFirst={flow.isFirst}
            isLast={flow.isLast}
            busy={flow.busy}
            back={flow.back}
            save={end.save}
            next={end.next}
            submit={end.submit}
            running={end.running}
          />
        </Paper>
        {options.role === 'applicant' && flow.resumeToken && flow.application && (
          <ResumeLinkPanel
            applicationId={flow.application.application_id}
            token={flow.resumeToken}
            readValues={readValues}
            onSent={keepResumeToken}
          />
        )}
        {onStartOver && flow.application && <StartOver onStartOver={onStartOver} />}
        {flow.preview && (
          <Dialog open onClose={flow.closePreview} maxWidth="md" fullWidth>
            <DialogTitle>{flow.preview.fileName}</DialogTitle>
            <DialogContent>
              {flow.preview.mimeType.startsWith('image/') ? (
                <Box component="img" src={flow.preview.url} alt={flow.preview.fileName} sx={{ maxWidth: '100%' }} />
              ) : (
                <Box
                  component="iframe"
                  title={flow.preview.fileName}
                  src={flow.preview.url}
                  sx={{ width: '100%', height: '70vh', border: 0 }}
                />
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={flow.closePreview}>Close</Button>
            </DialogActions>
          </Dialog>
        )}
      </Stack>
    </FieldServicesProvider>
  );
}

/**
 * The flow screen re-renders with every keystroke's consequences; the parts that do not change with them
 * (title, sync chip, buttons) are memoised, so a keystroke re-renders no MUI component of the chrome.
 */
const FlowHeader = memo(function FlowHeader({
  title,
  applicationId,
  sync,
  toolbar,
}: {
  title: string;
  applicationId: string | undefined;
  sync: FlowController['sync'];
  toolbar: ReactNode;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {applicationId && (
          <Typography variant="body2" color="text.secondary">
            Application {applicationId}
          </Typography>
        )}
      </Box>
      <SyncChip status={sync} />
      {toolbar}
    </Stack>
  );
});

const StepTitle = memo(function StepTitle({
  stepKey,
  title,
  applicantType,
  jointIndex,
}: {
  /** The step shown: a new one takes focus to its title. */
  stepKey: string;
  title: string;
  applicantType: string;
  jointIndex: number;
}) {
  const heading = useHeadingFocus<HTMLHeadingElement>(stepKey);
  return (
    <Typography ref={heading} tabIndex={-1} variant="h6" component="h2" sx={{ mb: 2 }}>
      {title}
      {applicantType !== 'primary' && ' '}
      {applicantType !== 'primary' && (
        <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
          ({applicantType === 'secondary' ? 'co-applicant' : 'guarantor'} {jointIndex + 1})
        </Typography>
      )}
    </Typography>
  );
});

const StartOver = memo(function StartOver({ onStartOver }: { onStartOver(): void }) {
  return (
    <Box>
      <Button size="small" color="inherit" onClick={onStartOver}>
        Start a new application
      </Button>
    </Box>
  );
});

const StepActions = memo(function StepActions({
  write,
  isFirst,
  isLast,
  busy,
  back,
  save,
  next,
  submit,
  running,
}: {
  write: boolean;
  isFirst: boolean;
  isLast: boolean;
  busy: boolean;
  /** The action whose save is running: its button says so (a save takes seconds on a slow line). */
  running: RunningAction;
} & Pick<FlowController, 'back' | 'save' | 'next' | 'submit'>) {
  const spinner = <CircularProgress size={16} color="inherit" aria-hidden />;
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ mt: 3, pt: 2, borderTop: 1, borderColor: 'divider', flexWrap: 'wrap', rowGap: 1.5 }}
    >
      <Button onClick={back} disabled={isFirst || busy}>
        Back
      </Button>
      <Box sx={{ flex: 1 }} />
      {write && (
        <Button
          variant="outlined"
          onClick={() => void save()}
          disabled={busy}
          startIcon={running === 'save' ? spinner : undefined}
        >
          {running === 'save' ? 'Saving…' : 'Save'}
        </Button>
      )}
      {isLast ? (
        write && (
          <Button
            variant="contained"
            onClick={() => void submit()}
            disabled={busy || running !== null}
            startIcon={running === 'submit' ? spinner : undefined}
          >
            {running === 'submit' ? 'Submitting…' : 'Submit'}
          </Button>
        )
      ) : (
        <Button
          variant="contained"
          onClick={() => void next()}
          disabled={busy || running !== null}
          type="submit"
          startIcon={running === 'next' ? spinner : undefined}
        >
          {running === 'next' ? 'Saving…' : 'Next'}
        </Button>
      )}
    </Stack>
  );
});

function JointApplicants({ flow, hasGuarantor }: { flow: ReturnType<typeof useFlow>; hasGuarantor: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Applicants">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Stack direction="row" spacing={1} sx={{ flex: 1, flexWrap: 'wrap', rowGap: 1 }}>
          <Chip label="You (primary applicant)" color="primary" variant="outlined" />
          {flow.joint.map((j, i) => (
            <Chip
              key={j.applicantId}
              label={`${j.applicantType === 'secondary' ? 'Co-applicant' : 'Guarantor'} ${i + 1}`}
              onDelete={() => flow.removeJoint(i)}
            />
          ))}
        </Stack>
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            startIcon={<PersonAddAltOutlinedIcon />}
            onClick={() => flow.addJoint('secondary')}
            disabled={!flow.canAdd('secondary')}
          >
            Add co-applicant
          </Button>
          {hasGuarantor && (
            <Button
              size="small"
              startIcon={<PersonAddAltOutlinedIcon />}
              onClick={() => flow.addJoint('guarantor')}
              disabled={!flow.canAdd('guarantor')}
            >
              Add guarantor
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

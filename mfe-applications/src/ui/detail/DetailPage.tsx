// /backstage/application: one application's task. Header (who, what, where, SLA, the credit summary's key
// figures), its life cycle, the Summary tab first (what a reviewer decides on and an approver approves), the
// form through the flowForm slot (editable only in the Save tab: assigned and editing enabled; each field
// by the user's field access; read only in the Application form tab otherwise), the tabs
// the contract's visibleTabs allows, the field history, and the application's video calls (the "Video call"
// action through the videoCall slot for AGENT and SUPERVISOR, and the list of calls with their recordings).
import HistoryIcon from '@mui/icons-material/History';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { type ApplicantType, leadDetailPath, type TaskConfigs, type User } from '@originate/contract';
import { userAtom, useSlot } from '@originate/web';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  invalidate,
  useApplicationLifeCycle,
  useConfigs,
  useLiveDetail,
  useRecord,
  useReported,
} from '../../api/useDetail';
import {
  canManageDocuments,
  detailTabs,
  fieldAccessViewer,
  formAccess,
  headerModel,
  type ShownTab,
  shownTabs,
} from '../../domain/detail';
import { canGenerateLetters } from '../../domain/messages';
import { ConsentsSection } from './ConsentsSection';
import { CreditSection } from './Credit';
import { FieldHistory } from './FieldHistory';
import { FollowButton } from './FollowButton';
import { MessagesSection } from './Messages';
import { ResumeLinkAction } from './ResumeLinkAction';
import { SlaChip } from './SlaChip';
import { SummaryStrip, SummaryTab } from './Summary';
import { ActionsTab, CloseTab } from './tabs/ActionsTab';
import { NotesTab, SnoozeTab, TasksTab, WorklogsTab } from './tabs/ActivityTabs';
import { ApprovalsTab } from './tabs/ApprovalsTab';
import { DocsTab } from './tabs/DocsTab';
import { QueriesTab } from './tabs/QueriesTab';
import { VideoCallAction, VideoCallsSection } from './VideoCalls';

export interface DetailPageProps {
  applicationId: string;
  taskId?: string;
}

const APPLICANT_TYPES: readonly ApplicantType[] = ['primary', 'secondary', 'guarantor'];

function Header({ configs, user, onHistory }: { configs: TaskConfigs; user: User; onHistory: () => void }) {
  const record = useRecord(configs.application_id);
  useReported(record.error);
  const h = headerModel(configs, record.data, user);
  const items: [string, string][] = [
    ['Product', h.product],
    ['Applicant', h.applicant],
    ['Status', h.status],
    ['Stage', h.stage],
    ['Current task', h.task],
    ['Assignee', h.assignee],
    ...(h.callback ? [['Callback', h.callback] as [string, string]] : []),
  ];
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography
          variant="h5"
          component="h1"
          sx={{ fontWeight: 600, flex: { xs: '1 1 100%', sm: 1 }, minWidth: 0, overflowWrap: 'anywhere' }}
        >
          Application {h.applicationId}
        </Typography>
        <Chip label={configs.subStatus} color={configs.status === 'ACTIVE' ? 'primary' : 'default'} />
        {record.data?.lead_id && (
          <Typography variant="body2">
            From lead{' '}
            <Link component={RouterLink} to={leadDetailPath(record.data.lead_id)}>
              {record.data.lead_id}
            </Link>
          </Typography>
        )}
        <VideoCallAction applicationId={configs.application_id} user={user} />
        <FollowButton applicationId={configs.application_id} />
        <Button startIcon={<HistoryIcon />} onClick={onHistory}>
          Field history
        </Button>
      </Stack>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
      >
        {items.map(([label, value]) => (
          <div key={label}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 500 }} data-testid={`header-${label}`}>
              {value}
            </Typography>
          </div>
        ))}
        <div>
          <Typography component="dt" variant="caption" color="text.secondary">
            SLA
          </Typography>
          <Typography component="dd" sx={{ m: 0 }} data-testid="header-SLA">
            <SlaChip ola={configs.task.operationalLevelAgreement} />
          </Typography>
        </div>
      </Box>
      <SummaryStrip applicationId={configs.application_id} />
    </Paper>
  );
}

function LifeCycle({ applicationId }: { applicationId: string }) {
  const app = useApplicationLifeCycle(applicationId);
  useReported(app.error);
  const cycle = app.data?.appLifeCycle;
  if (!cycle) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Life cycle">
      {cycle.steps.map((step) => {
        const progress = step.assignmentInfo.at(-1)?.progress ?? 'Pending';
        return (
          <Chip
            key={step.stepName}
            size="small"
            variant={step.stepName === cycle.stage ? 'filled' : 'outlined'}
            color={progress === 'Completed' ? 'success' : step.stepName === cycle.stage ? 'primary' : 'default'}
            label={`${step.stepName}: ${progress}`}
          />
        );
      })}
    </Stack>
  );
}

function ApplicationForm({ configs, access, user }: { configs: TaskConfigs; access: 'WRITE' | 'READ'; user: User }) {
  const FlowForm = useSlot('flowForm');
  const client = useQueryClient();
  const [applicantType, setApplicantType] = useState<ApplicantType>('primary');
  if (!FlowForm) return <Alert severity="info">The application form is not available here.</Alert>;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Applicant"
          value={applicantType}
          onChange={(e) => setApplicantType(e.target.value as ApplicantType)}
          sx={{ minWidth: 160 }}
        >
          {APPLICANT_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </TextField>
        {access === 'READ' && (
          <Typography variant="body2" color="text.secondary">
            Read only: {configs.assigned ? 'editing is disabled at this stage' : 'the task is not assigned to you'}.
          </Typography>
        )}
      </Stack>
      <FlowForm
        applicationId={configs.application_id}
        applicantType={applicantType}
        access={access}
        viewer={fieldAccessViewer(user)}
        onSaved={() => void invalidate(client, configs.application_id, ['audits', 'worklogs', 'configs'])}
      />
    </Stack>
  );
}

function Panel({ tab, configs, user }: { tab: ShownTab; configs: TaskConfigs; user: User }) {
  const id = configs.application_id;
  switch (tab) {
    case 'Summary':
      return <SummaryTab applicationId={id} />;
    case 'Application form':
      return <ApplicationForm configs={configs} access="READ" user={user} />;
    case 'Snooze':
      return <SnoozeTab configs={configs} />;
    case 'Worklogs':
      return <WorklogsTab applicationId={id} />;
    case 'Queries':
      return <QueriesTab configs={configs} />;
    case 'Docs':
      return <DocsTab applicationId={id} canManage={canManageDocuments(user)} />;
    case 'Notes':
      return <NotesTab applicationId={id} />;
    case 'Approvals':
      return <ApprovalsTab configs={configs} userid={user.userid} />;
    case 'Tasks':
      return <TasksTab applicationId={id} />;
    case 'Save':
      return <ApplicationForm configs={configs} access="WRITE" user={user} />;
    case 'Actions':
      return <ActionsTab configs={configs} caller={user} />;
    case 'Close':
      return <CloseTab configs={configs} />;
  }
}

// Ids without spaces ('Application form'): an id with a space cannot be named in aria-controls.
const tabId = (t: ShownTab) => `detail-tab-${t.replace(/ /g, '-')}`;
const panelId = (t: ShownTab) => `detail-panel-${t.replace(/ /g, '-')}`;

function Detail({ configs, user }: { configs: TaskConfigs; user: User }) {
  const allowed = detailTabs(configs, user, new Date());
  const access = formAccess(allowed);
  const tabs = shownTabs(allowed);
  const [chosen, setChosen] = useState<ShownTab | null>(null);
  const [history, setHistory] = useState(false);
  // The form is edited in the Save tab; without it (a reviewer, an approver) the Summary opens first and the
  // form is read in its own tab.
  const tab = chosen && tabs.includes(chosen) ? chosen : access === 'WRITE' ? 'Save' : 'Summary';
  return (
    <Stack spacing={2}>
      <Header configs={configs} user={user} onHistory={() => setHistory(true)} />
      <LifeCycle applicationId={configs.application_id} />
      <ResumeLinkAction applicationId={configs.application_id} />
      <Paper>
        <Tabs
          value={tab}
          onChange={(_, value: ShownTab) => setChosen(value)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Application detail"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {tabs.map((t) => (
            <Tab key={t} value={t} label={t} id={tabId(t)} aria-controls={panelId(t)} />
          ))}
        </Tabs>
        <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} sx={{ p: { xs: 1.5, sm: 3 } }}>
          <Panel key={tab} tab={tab} configs={configs} user={user} />
        </Box>
      </Paper>
      <CreditSection applicationId={configs.application_id} />
      <ConsentsSection applicationId={configs.application_id} />
      <VideoCallsSection applicationId={configs.application_id} />
      <MessagesSection applicationId={configs.application_id} canGenerate={canGenerateLetters(user)} />
      <Drawer
        anchor="right"
        open={history}
        onClose={() => setHistory(false)}
        slotProps={{ paper: { sx: { width: { xs: '100%', sm: 560 } } } }}
      >
        {/* The shell's app bar stays above every drawer: the history starts below it. */}
        <Toolbar />
        <Stack direction="row" sx={{ justifyContent: 'flex-end', px: 2, pt: 1 }}>
          <Button onClick={() => setHistory(false)}>Close history</Button>
        </Stack>
        <FieldHistory applicationId={configs.application_id} />
      </Drawer>
    </Stack>
  );
}

export default function DetailPage({ applicationId, taskId }: DetailPageProps) {
  const user = useAtomValue(userAtom);
  const configs = useConfigs(applicationId, taskId);
  useReported(configs.error);
  useLiveDetail(applicationId);
  if (!user) return null;
  if (configs.data?.task === null) {
    const { status, stage } = configs.data;
    return (
      <Alert severity="info" sx={{ m: 2 }}>
        Application {applicationId} ({status}, stage {stage || 'none'}) has no task to work on.
      </Alert>
    );
  }
  if (configs.data) return <Detail configs={configs.data} user={user} />;
  if (configs.isError) {
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        Application {applicationId} could not be opened.
      </Alert>
    );
  }
  return <LinearProgress aria-label="Loading the application" />;
}

// One lead: who and what it is about, its status, owner, team and follow-up, the application it became
// (linked both ways), its PMAY form, the actions the viewer may take and its history, newest first.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  formatBankDateTime,
  formatCurrency,
  isFollowUpDue,
  LEAD_SOURCE_LABELS,
  LEAD_STATUS_LABELS,
  type Lead,
  type LeadAction,
  PMAY_LOAN_PURPOSE_LABELS,
  type User,
} from '@originate/contract';
import { userAtom } from '@originate/web';
import { useAtomValue } from 'jotai';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useLead, useLiveLeads } from '../api/useLeads';
import { activityText, assignsOthers, lostReasonText, offeredActions } from '../domain/leadView';
import { applicationPath, staffFlowPath } from '../domain/pages';
import { EditLeadDialog } from './EditLeadDialog';
import { ACTION_LABELS, LeadActionDialog } from './LeadActionDialog';

const STATUS_COLOURS = {
  NEW: 'info',
  CONTACTED: 'primary',
  QUALIFIED: 'secondary',
  CONVERTED: 'success',
  LOST: 'default',
} as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Box>
  );
}

function PmaySummary({ lead }: { lead: Lead }) {
  const form = lead.pmay;
  if (!form) return null;
  const address = (a: typeof form.currentAddress) =>
    [a.line1, a.line2, a.city, a.state, a.pincode].filter(Boolean).join(', ');
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Typography variant="h6" component="h2">
        PMAY {lead.pmayCategory ? `· ${lead.pmayCategory}` : '· not eligible by income'}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <Fact label="Loan purpose">{PMAY_LOAN_PURPOSE_LABELS[form.loanPurpose]}</Fact>
        <Fact label="Gender">{form.gender.charAt(0) + form.gender.slice(1).toLowerCase()}</Fact>
        <Fact label="Annual household income">{formatCurrency(form.family.annualIncome)}</Fact>
        <Fact label="Current address">{address(form.currentAddress)}</Fact>
        <Fact label="Property address">{address(form.propertyAddress)}</Fact>
        <Fact label="Carpet area">{form.property.carpetAreaSqm} m²</Fact>
        <Fact label="Estimated cost">{formatCurrency(form.property.estimatedCost)}</Fact>
        <Fact label="Woman owner or co-owner">{form.property.womanOwnership ? 'Yes' : 'No'}</Fact>
        <Fact label="Family members">{form.family.members}</Fact>
      </Box>
    </Paper>
  );
}

export function LeadDetailPage({ leadId }: { leadId: string }) {
  const user = useAtomValue(userAtom);
  const detail = useLead(leadId);
  const navigate = useNavigate();
  const [action, setAction] = useState<LeadAction | null>(null);
  useLiveLeads();

  if (detail.isPending) return <Skeleton variant="rounded" height={320} sx={{ m: 3 }} />;
  if (detail.isError)
    return (
      <Alert severity="error" sx={{ m: 3 }}>
        The lead could not be loaded: {detail.error.message}
      </Alert>
    );
  const { lead, activities, application } = detail.data;
  const viewer: User | null = user;
  const actions = viewer ? offeredActions(lead, viewer) : [];
  const due = isFollowUpDue(lead, Date.now());

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2, maxWidth: 1100 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {lead.prospect.firstName} {lead.prospect.lastName}
        </Typography>
        <Chip label={LEAD_STATUS_LABELS[lead.status]} color={STATUS_COLOURS[lead.status]} size="small" />
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {lead.lead_id}
        </Typography>
        <Button component={RouterLink} to="/leads/my" size="small">
          My Leads
        </Button>
      </Box>

      {application && (
        <Alert
          severity="success"
          action={
            <Button
              color="inherit"
              size="small"
              component={RouterLink}
              to={applicationPath(application.application_id)}
            >
              Open application
            </Button>
          }
        >
          Converted to application{' '}
          <Link component={RouterLink} to={applicationPath(application.application_id)}>
            {application.application_id}
          </Link>{' '}
          · {application.stage} · {application._applicationStatus}
        </Alert>
      )}
      {lead.status === 'LOST' && <Alert severity="warning">Lost: {lostReasonText(lead)}</Alert>}

      <Paper
        variant="outlined"
        sx={{ p: 2, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
      >
        <Fact label="Product">{lead.product_name}</Fact>
        <Fact label="Source">{LEAD_SOURCE_LABELS[lead.source]}</Fact>
        <Fact label="Mobile">
          <Link href={`tel:+91${lead.prospect.mobile}`}>{lead.prospect.mobile}</Link>
        </Fact>
        <Fact label="E-mail">{lead.prospect.email ?? '—'}</Fact>
        <Fact label="City">{lead.prospect.city ?? '—'}</Fact>
        <Fact label="Loan amount asked for">{lead.loanAmount === null ? '—' : formatCurrency(lead.loanAmount)}</Fact>
        <Fact label="Owner">{lead.ownerName ?? 'Unassigned'}</Fact>
        <Fact label="Team">{lead.team.name}</Fact>
        <Fact label="Follow-up">
          {lead.followUpAt ? (
            <Box component="span" sx={due ? { color: 'warning.dark', fontWeight: 700 } : undefined}>
              {formatBankDateTime(lead.followUpAt)}
              {due ? ' · due' : ''}
            </Box>
          ) : (
            '—'
          )}
        </Fact>
        <Fact label="Created">
          {formatBankDateTime(lead.cre_time)}
          {lead.createdBy ? ` by ${lead.createdBy.displayName}` : ' (portal)'}
        </Fact>
        <Fact label="Updated">{formatBankDateTime(lead.mod_time)}</Fact>
      </Paper>

      {actions.length > 0 && (
        <Box role="toolbar" aria-label="Lead actions" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {actions.map((a) => (
            <Button
              key={a}
              variant={a === 'convert' || a === 'qualify' ? 'contained' : 'outlined'}
              size="small"
              onClick={() => setAction(a)}
            >
              {a === 'assign' && viewer && !assignsOthers(lead, viewer) ? 'Take lead' : ACTION_LABELS[a]}
            </Button>
          ))}
        </Box>
      )}

      <PmaySummary lead={lead} />

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2">
          History
        </Typography>
        <List dense aria-label="Lead history">
          {activities.map((a) => (
            <ListItem key={a.activityId} divider alignItems="flex-start">
              <ListItemText
                primary={activityText(a)}
                secondary={
                  <>
                    {formatBankDateTime(a.at)} · {a.by?.displayName ?? 'Applicant'}
                    {a.followUpAt ? ` · for ${formatBankDateTime(a.followUpAt)}` : ''}
                    {a.comment ? (
                      <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.primary' }}>
                        {a.comment}
                      </Typography>
                    ) : null}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      </Paper>

      {action === 'update' && (
        <EditLeadDialog lead={lead} onClose={() => setAction(null)} onDone={() => setAction(null)} />
      )}
      {action && action !== 'update' && viewer && (
        <LeadActionDialog
          lead={lead}
          action={action}
          assignsOthers={assignsOthers(lead, viewer)}
          viewerId={viewer.userid}
          onClose={() => setAction(null)}
          onDone={(answer) => {
            setAction(null);
            if (action === 'convert' && answer.lead.application_id) navigate(staffFlowPath(answer.lead.application_id));
          }}
        />
      )}
    </Box>
  );
}

// The application's Credit panel: the applicant's bureau report (score, accounts, obligations, enquiries), the
// bank-statement analysis (monthly inflows, salary credits, bounces), affordability (the server's credit summary's
// income, obligations, EMI and FOIR with its cap, the Summary tab's rows) and the credit decision with its reasons. Each fetch shows its progress; a vendor's failure shows its retryable message with "Try again".
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  type ApplicationIntegrationsAnswer,
  type DecisionAnswer,
  formatBankDateTime,
  formatCurrency,
} from '@originate/contract';
import type { ReactNode } from 'react';
import { useCreditSummary, useRecord } from '../../api/useDetail';
import {
  useDecisions,
  useFetchBankStatement,
  useFetchBureau,
  useKeptIntegrations,
  useRunDecision,
} from '../../api/useIntegrations';
import { bounceSummary, fetchFailure, OUTCOME_TONES, scoreBand, worstDpd } from '../../domain/credit';
import { affordabilityFigures } from '../../domain/summary';
import { FigureTable } from './CreditFigures';
import { Loading } from './tabs/Loading';

type Kept = ApplicationIntegrationsAnswer;

function Block({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const id = `credit-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Box>
  );
}

/** A fetch button that shows its progress, and the failure's message with a retry under it. */
function FetchAction({
  label,
  mutation,
}: {
  label: string;
  mutation: { mutate: () => void; isPending: boolean; isError: boolean; error: unknown };
}) {
  return (
    <Button
      variant="outlined"
      size="small"
      onClick={() => mutation.mutate()}
      disabled={mutation.isPending}
      startIcon={mutation.isPending ? <CircularProgress size={16} aria-hidden /> : undefined}
    >
      {mutation.isPending ? `${label}…` : label}
    </Button>
  );
}

function FetchError({ mutation }: { mutation: { mutate: () => void; isError: boolean; error: unknown } }) {
  if (!mutation.isError) return null;
  return (
    <Alert
      severity="error"
      sx={{ mb: 1 }}
      action={
        <Button color="inherit" size="small" onClick={() => mutation.mutate()}>
          Try again
        </Button>
      }
    >
      {fetchFailure(mutation.error)}
    </Alert>
  );
}

/** FOIR and what it is made of, as the credit summary gives them: the same rows, values and caps as the Summary tab. */
function Affordability({ applicationId }: { applicationId: string }) {
  const summary = useCreditSummary(applicationId);
  if (!summary.data) return <Loading query={summary} what="credit summary" />;
  return <FigureTable figures={affordabilityFigures(summary.data)} label="Affordability figures" prefix="credit" />;
}

function BureauReportView({ bureau }: { bureau: NonNullable<Kept['bureau']> }) {
  const { report } = bureau;
  const band = scoreBand(report.score);
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="h4" component="p" data-testid="credit-score" aria-label={`Bureau score ${report.score}`}>
          {report.score}
        </Typography>
        <Chip size="small" color={band.tone} label={band.label} />
        <Typography variant="body2" color="text.secondary">
          {report.bureau}, report {report.reportId}, fetched {formatBankDateTime(bureau.fetchedAt)}
        </Typography>
      </Stack>
      {/* Focusable: on a narrow screen the table scrolls sideways, and a keyboard must reach what it hides. */}
      <TableContainer tabIndex={0} role="region" aria-label="Bureau accounts">
        <Table size="small" aria-label="Accounts on the bureau report">
          <TableHead>
            <TableRow>
              <TableCell>Lender</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Account</TableCell>
              <TableCell align="right">Outstanding</TableCell>
              <TableCell align="right">EMI</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Worst DPD</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.accounts.map((account) => (
              <TableRow key={`${account.lender}-${account.accountNumber}`}>
                <TableCell>{account.lender}</TableCell>
                <TableCell>{account.type}</TableCell>
                <TableCell>{account.accountNumber}</TableCell>
                <TableCell align="right">{formatCurrency(account.outstanding)}</TableCell>
                <TableCell align="right">{formatCurrency(account.emi)}</TableCell>
                <TableCell>{account.status}</TableCell>
                <TableCell align="right">{worstDpd(account)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="body2" data-testid="credit-obligations">
        Obligations: {formatCurrency(report.obligations.monthlyTotal)} a month
        {report.obligations.items.length > 0 &&
          ` (${report.obligations.items.map((i) => `${i.lender} ${formatCurrency(i.emi)}`).join(', ')})`}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Enquiries:{' '}
        {report.enquiries.length === 0
          ? 'none in the last 6 months'
          : report.enquiries.map((e) => `${e.date} ${e.lender} (${e.purpose})`).join('; ')}
      </Typography>
    </Stack>
  );
}

function StatementView({ statement }: { statement: NonNullable<Kept['bankStatement']> }) {
  const { analysis } = statement;
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {analysis.bank} {analysis.accountNumber}, analysis {analysis.analysisId}, fetched{' '}
        {formatBankDateTime(statement.fetchedAt)}
      </Typography>
      <TableContainer tabIndex={0} role="region" aria-label="Bank statement by month">
        <Table size="small" aria-label="Monthly summary of the bank statement">
          <TableHead>
            <TableRow>
              <TableCell>Month</TableCell>
              <TableCell align="right">Inflows</TableCell>
              <TableCell align="right">Salary</TableCell>
              <TableCell align="right">Outflows</TableCell>
              <TableCell align="right">Average balance</TableCell>
              <TableCell align="right">Bounces</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {analysis.months.map((m) => (
              <TableRow key={m.month}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{m.month}</TableCell>
                <TableCell align="right">{formatCurrency(m.inflows)}</TableCell>
                <TableCell align="right">{formatCurrency(m.salary)}</TableCell>
                <TableCell align="right">{formatCurrency(m.outflows)}</TableCell>
                <TableCell align="right">{formatCurrency(m.averageBalance)}</TableCell>
                <TableCell align="right">{m.bounces}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="body2" data-testid="credit-salary">
        {analysis.salaryCredits.length} salary credits, {formatCurrency(analysis.averageMonthlySalary)} a month on
        average. {bounceSummary(analysis)}.
      </Typography>
    </Stack>
  );
}

function DecisionView({ decision }: { decision: DecisionAnswer }) {
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Chip color={OUTCOME_TONES[decision.outcome]} label={decision.outcome} data-testid="credit-outcome" />
        {decision.riskGrade && <Chip variant="outlined" label={`Risk grade ${decision.riskGrade}`} />}
        {decision.pricing && <Chip variant="outlined" label={`Rate ${decision.pricing.annualRatePercent}%`} />}
        <Typography variant="body2" color="text.secondary">
          Tables v{decision.verNum}, {formatBankDateTime(decision.evaluatedAt)}
        </Typography>
      </Stack>
      {decision.reasons.length > 0 ? (
        <Box component="ul" sx={{ m: 0, pl: 3 }} aria-label="Reasons">
          {decision.reasons.map((reason) => (
            <li key={reason}>
              <Typography variant="body2">{reason}</Typography>
            </li>
          ))}
        </Box>
      ) : (
        <Typography variant="body2">Every rule passed.</Typography>
      )}
      {decision.deviations.map((d) => (
        <Typography key={d.code} variant="body2">
          Deviation {d.code}: {d.reason} (approval from {d.approvalLevel})
        </Typography>
      ))}
    </Stack>
  );
}

export function CreditSection({ applicationId }: { applicationId: string }) {
  const kept = useKeptIntegrations(applicationId);
  const decisions = useDecisions(applicationId);
  const record = useRecord(applicationId);
  const bureau = useFetchBureau(applicationId);
  const statement = useFetchBankStatement(applicationId);
  const decide = useRunDecision(applicationId, record.data?.product_code);
  const data = kept.data;
  const latest = decisions.data?.[0];
  return (
    <Paper component="section" aria-labelledby="credit-title" sx={{ p: { xs: 1.5, sm: 3 } }}>
      <Typography id="credit-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        Credit
      </Typography>
      {kept.isError && <Alert severity="error">{fetchFailure(kept.error)}</Alert>}
      {kept.isPending && <CircularProgress size={24} aria-label="Loading the credit assessment" />}
      {data && (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', xl: '1fr 1fr' } }}>
          <Block title="Bureau report" action={<FetchAction label="Fetch bureau report" mutation={bureau} />}>
            <FetchError mutation={bureau} />
            {data.bureau ? (
              <BureauReportView bureau={data.bureau} />
            ) : (
              <Typography variant="body2">No bureau report yet.</Typography>
            )}
          </Block>
          <Block
            title="Bank-statement analysis"
            action={<FetchAction label="Fetch bank-statement analysis" mutation={statement} />}
          >
            <FetchError mutation={statement} />
            {data.bankStatement ? (
              <StatementView statement={data.bankStatement} />
            ) : (
              <Typography variant="body2">No bank-statement analysis yet.</Typography>
            )}
          </Block>
          <Block title="Affordability">
            <Affordability applicationId={applicationId} />
          </Block>
          <Block title="Decision" action={<FetchAction label="Run credit decision" mutation={decide} />}>
            <FetchError mutation={decide} />
            {latest ? <DecisionView decision={latest} /> : <Typography variant="body2">No decision yet.</Typography>}
          </Block>
        </Box>
      )}
    </Paper>
  );
}

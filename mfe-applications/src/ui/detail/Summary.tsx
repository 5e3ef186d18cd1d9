// The reviewer's credit summary (GET credit-summary): a strip of the key figures under the header, the Summary tab
// with every figure, where it came from and when, the caps, the decision's deviations and the documents' state,
// and the figures an approver sees in the approve dialog. A figure not there yet says why, never 0.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CreditSummaryAnswer } from '@originate/contract';
import { formatBankDateTime } from '@originate/contract';
import { useCreditSummary } from '../../api/useDetail';
import { deviationsText, documentsText, keyFigures, NOT_YET, sourceText } from '../../domain/summary';
import { FigureTable, FigureValue } from './CreditFigures';
import { Loading } from './tabs/Loading';

/** The key figures as a definition list: the header's strip and the approve dialog. */
function KeyFigures({ summary, columns }: { summary: CreditSummaryAnswer; columns: number }) {
  return (
    <Box
      component="dl"
      aria-label="Key figures"
      sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${columns}, 1fr)` } }}
    >
      {keyFigures(summary).map((f) => (
        <div key={f.key}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {f.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 500 }} data-testid={`key-${f.key}`}>
            <FigureValue figure={f} />
          </Typography>
        </div>
      ))}
      <div>
        <Typography component="dt" variant="caption" color="text.secondary">
          Decision and deviations
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 500 }} data-testid="key-deviations">
          {deviationsText(summary)}
        </Typography>
      </div>
      <div>
        <Typography component="dt" variant="caption" color="text.secondary">
          Documents
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 500 }} data-testid="key-documents">
          {documentsText(summary)}
        </Typography>
      </div>
    </Box>
  );
}

/** The header's strip: the key figures, or nothing while they load (the header stands without them). */
export function SummaryStrip({ applicationId }: { applicationId: string }) {
  const summary = useCreditSummary(applicationId);
  if (!summary.data) return null;
  return (
    <Box sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }} data-testid="summary-strip">
      <KeyFigures summary={summary.data} columns={5} />
    </Box>
  );
}

/** What the approve dialog shows: the figures being approved, as of now. */
export function ApprovalFigures({ applicationId }: { applicationId: string }) {
  const summary = useCreditSummary(applicationId);
  if (!summary.data) return <Loading query={summary} what="credit summary" />;
  return (
    <Box sx={{ mb: 2 }} data-testid="approval-figures">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        You are approving
      </Typography>
      <KeyFigures summary={summary.data} columns={3} />
    </Box>
  );
}

export function SummaryTab({ applicationId }: { applicationId: string }) {
  const summary = useCreditSummary(applicationId);
  if (!summary.data) return <Loading query={summary} what="credit summary" />;
  const s = summary.data;
  return (
    <Stack spacing={3} data-testid="summary-tab">
      <Typography variant="body2" color="text.secondary">
        {s.product_name} · as of {formatBankDateTime(s.assembledAt)}
      </Typography>
      <FigureTable figures={s.figures} label="Credit figures" prefix="summary" />
      <Box component="section" aria-labelledby="summary-deviations">
        <Typography id="summary-deviations" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Decision and deviations
        </Typography>
        {s.decision.missing ? (
          <Typography variant="body2" color="text.secondary">
            {NOT_YET}: {s.decision.missing}
          </Typography>
        ) : (
          <Stack spacing={0.5}>
            <Typography variant="body2">
              Outcome {s.decision.outcome} · {sourceText(s.decision.source)}
            </Typography>
            {s.decision.deviations.length === 0 ? (
              <Typography variant="body2">No deviations.</Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {s.decision.deviations.map((d) => (
                  <li key={d.code}>
                    <Typography variant="body2">
                      {d.code}: {d.reason} (approval from {d.approvalLevel})
                    </Typography>
                  </li>
                ))}
              </Box>
            )}
          </Stack>
        )}
      </Box>
      <Box component="section" aria-labelledby="summary-documents">
        <Typography id="summary-documents" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Documents
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {documentsText(s)}
        </Typography>
        {s.documents.items.length === 0 ? (
          <Alert severity="info">This product names no documents.</Alert>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
            {s.documents.items.map((d) => (
              <Stack
                component="li"
                key={d.fieldKey}
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', py: 0.25 }}
              >
                <DocumentState doc={d} />
                <Typography variant="body2">{d.label}</Typography>
                {d.lastReceivedAt && (
                  <Typography variant="caption" color="text.secondary">
                    {formatBankDateTime(d.lastReceivedAt)}
                  </Typography>
                )}
              </Stack>
            ))}
          </Box>
        )}
      </Box>
    </Stack>
  );
}

/** 'Required – not received' stands out; a received document says how many files. */
export function DocumentState({ doc }: { doc: CreditSummaryAnswer['documents']['items'][number] }) {
  if (doc.received > 0) {
    return (
      <Chip
        size="small"
        color="success"
        variant="outlined"
        label={`Received${doc.received > 1 ? ` (${doc.received})` : ''}`}
      />
    );
  }
  return doc.required ? (
    <Chip size="small" color="error" label="Required – not received" />
  ) : (
    <Chip size="small" variant="outlined" label="Optional – not received" />
  );
}

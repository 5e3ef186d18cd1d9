// The application's consents as the applicant gave them (mock-server README "Consents and the receipt"): each
// consent's text version, the short hash of its wording, when (the bank's clock, labelled), from what device and
// address; read only. Staff who recorded one for the applicant are named.
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatBankDateTime } from '@originate/contract';
import { useApplicationConsents } from '../../api/useDetail';

export function ConsentsSection({ applicationId }: { applicationId: string }) {
  const consents = useApplicationConsents(applicationId);
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 3 } }} component="section" aria-labelledby="consents-title">
      <Typography id="consents-title" variant="h6" component="h2" gutterBottom>
        Consents
      </Typography>
      {consents.isError && <Alert severity="error">The consents could not be loaded. {consents.error.message}</Alert>}
      {consents.data?.records.length === 0 && (
        <Typography color="text.secondary">The applicant has not given any consent on this application.</Typography>
      )}
      {consents.data && consents.data.records.length > 0 && (
        <TableContainer>
          <Table size="small" aria-labelledby="consents-title">
            <TableHead>
              <TableRow>
                <TableCell>Consent</TableCell>
                <TableCell>State</TableCell>
                <TableCell>Text version</TableCell>
                <TableCell>When</TableCell>
                <TableCell>Device and address</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {consents.data.records.map((r) => (
                <TableRow key={r.consentId}>
                  <TableCell>{r.title}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={r.accepted ? 'success' : 'default'}
                      label={r.accepted ? 'Accepted' : 'Withdrawn'}
                    />
                  </TableCell>
                  <TableCell>
                    v{r.version}{' '}
                    <Typography component="span" variant="caption" color="text.secondary" title={r.hash}>
                      ({r.hash.slice(0, 12)})
                    </Typography>
                  </TableCell>
                  <TableCell>{formatBankDateTime(r.at)}</TableCell>
                  <TableCell>
                    {r.deviceType === 'MOBILE' ? 'Mobile' : 'Desktop'} · {r.ip}
                    {r.recordedBy && ` · recorded by ${r.recordedBy}`}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

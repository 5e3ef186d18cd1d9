// Settings › History (operations admin): every configuration change, newest first (GET /setup/audits): when in
// the bank's time zone, who, what and each value before → after; one kind of change or all, page by page.
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type CONFIG_AUDIT_KINDS, type ConfigAudit, formatBankDateTime, PAGE_SIZE_OPTIONS } from '@originate/contract';
import { useState } from 'react';
import { useConfigAudits } from '../../api/useSettings';
import { auditChanges, auditSubject } from './settingsRules';

type Kind = (typeof CONFIG_AUDIT_KINDS)[number];

const KIND_LABELS: Record<Kind, string> = {
  CONFIG: 'Consent texts, theme and other configuration',
  PRODUCT_LIMITS: 'Product limits',
  PRODUCT_DOCUMENTS: 'Product documents',
  PRODUCT: 'Products',
  USER_ACCESS: "Users' roles and teams",
};

function Changes({ row }: { row: ConfigAudit }) {
  const changes = auditChanges(row.before, row.after);
  if (changes.length === 0) return <Typography variant="body2">Saved unchanged</Typography>;
  return (
    <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
      {changes.map((c) => (
        <Typography component="li" variant="body2" key={c.what} sx={{ overflowWrap: 'anywhere' }}>
          <strong>{c.what}</strong>: {c.before} → {c.after}
        </Typography>
      ))}
    </Stack>
  );
}

export default function HistorySettings() {
  const [kind, setKind] = useState<Kind | null>(null);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(25);
  const audits = useConfigAudits(page, size, kind);
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Every change saved in Settings and the product configuration, newest first, with what it replaced.
      </Typography>
      <FormControl size="small" sx={{ width: 400 }}>
        <InputLabel id="history-kind-label">Show changes to</InputLabel>
        <Select
          labelId="history-kind-label"
          label="Show changes to"
          value={kind ?? 'ALL'}
          onChange={(e) => {
            setKind(e.target.value === 'ALL' ? null : (e.target.value as Kind));
            setPage(1);
          }}
        >
          <MenuItem value="ALL">Everything</MenuItem>
          {(Object.keys(KIND_LABELS) as Kind[]).map((k) => (
            <MenuItem key={k} value={k}>
              {KIND_LABELS[k]}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {audits.error && <Alert severity="error">The history could not be loaded: {audits.error.message}</Alert>}
      {audits.isPending && <Skeleton variant="rounded" height={240} />}
      {audits.data && audits.data.count === 0 && (
        <Typography color="text.secondary">No changes have been saved yet.</Typography>
      )}
      {audits.data && audits.data.count > 0 && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Configuration history">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 190 }}>When</TableCell>
                <TableCell sx={{ width: 160 }}>Who</TableCell>
                <TableCell sx={{ width: 220 }}>What</TableCell>
                <TableCell>Changes (before → after)</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {audits.data.items.map((row) => (
                <TableRow key={row.id} sx={{ verticalAlign: 'top' }}>
                  <TableCell>{formatBankDateTime(row.at)}</TableCell>
                  <TableCell>{row.userName ?? row.userid}</TableCell>
                  <TableCell>{auditSubject(row.kind, row.key)}</TableCell>
                  <TableCell>
                    <Changes row={row} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={audits.data.count}
            page={page - 1}
            onPageChange={(_, next) => setPage(next + 1)}
            rowsPerPage={size}
            rowsPerPageOptions={[...PAGE_SIZE_OPTIONS]}
            onRowsPerPageChange={(e) => {
              setSize(Number(e.target.value));
              setPage(1);
            }}
            labelRowsPerPage="Changes per page"
          />
        </Paper>
      )}
    </Stack>
  );
}

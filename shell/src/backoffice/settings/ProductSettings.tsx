// Settings › Products (operations admin): each product's amount, tenure and rate limits and its rate for EMIs
// and letters, saved as the product's configuration (PUT /api/ProductDetails/:code/limits); the portal's fields
// and EMI estimate, the server's checks, the letters and the Products page read the same values from then on.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError, type MasterProduct } from '@originate/contract';
import { showToast } from '@originate/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { settingsKeys } from '../../api/keys';
import { fetchProductLimits, saveProductLimits } from '../../api/settings';
import ProductDocuments from './ProductDocuments';
import { draftOf, type LimitsDraft, limitsOfDraft } from './settingsRules';

const ROWS = [
  { kind: 'amount', label: 'Loan amount (₹)' },
  { kind: 'tenure', label: 'Tenure' },
  { kind: 'rate', label: 'Interest rate (%)' },
] as const;

function ProductLimitsForm({ product }: { product: MasterProduct }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<LimitsDraft>(() => draftOf(product.limits));
  const [problems, setProblems] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: (limits: MasterProduct['limits']) => saveProductLimits(product.product_code, limits),
    onSuccess: () => {
      showToast(`${product.product_name}: limits saved`, 'success');
      setProblems([]);
      return queryClient.invalidateQueries({ queryKey: settingsKeys.products });
    },
    onError: (error) =>
      setProblems(error instanceof ApiError && error.items.length > 0 ? error.items : [error.message]),
  });
  const submit = () => {
    const read = limitsOfDraft(draft);
    if ('problems' in read) setProblems(read.problems);
    else save.mutate(read.limits);
  };
  const rows = ROWS.filter((r) => draft[r.kind]);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`limits-${product.product_code}`}>
      <Typography variant="h6" component="h3" id={`limits-${product.product_code}`}>
        {product.product_name}
      </Typography>
      {rows.length === 0 && <Typography color="text.secondary">This product sets no limits.</Typography>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1.5, alignItems: { sm: 'center' } }}>
        <Typography sx={{ minWidth: 160 }}>Rate for EMIs and letters</Typography>
        <TextField
          size="small"
          label="Rate for EMIs and letters (% a year)"
          value={draft.ratePercent}
          onChange={(e) => setDraft({ ...draft, ratePercent: e.target.value })}
          helperText="Where the form asks no rate: the portal's EMI estimate and the letters"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Stack>
      <Stack spacing={1.5} sx={{ mt: 1 }}>
        {rows.map(({ kind, label }) => {
          const d = draft[kind];
          if (!d) return null;
          const unit = kind === 'tenure' && draft.tenure ? ` (${draft.tenure.unit})` : '';
          const set = (end: 'min' | 'max', value: string) => setDraft({ ...draft, [kind]: { ...d, [end]: value } });
          return (
            <Stack key={kind} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Typography sx={{ minWidth: 160 }}>{`${label}${unit}`}</Typography>
              <TextField
                size="small"
                label={`${label}${unit} minimum`}
                value={d.min}
                onChange={(e) => set('min', e.target.value)}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <TextField
                size="small"
                label={`${label}${unit} maximum`}
                value={d.max}
                onChange={(e) => set('max', e.target.value)}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Stack>
          );
        })}
      </Stack>
      {problems.length > 0 && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </Alert>
      )}
      <Button variant="contained" sx={{ mt: 2 }} disabled={save.isPending} onClick={submit}>
        {`Save ${product.product_name} limits`}
      </Button>
      <ProductDocuments product={product} />
    </Paper>
  );
}

export default function ProductSettings() {
  const products = useQuery({ queryKey: settingsKeys.products, queryFn: fetchProductLimits });
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        The limits an applicant may enter in the portal, the server checks on every save and the Products page shows,
        and the rate the portal's EMI estimate and the letters price a loan at.
      </Typography>
      {products.error && <Alert severity="error">The products could not be loaded: {products.error.message}</Alert>}
      {products.isPending && <Skeleton variant="rounded" height={160} />}
      {(products.data ?? []).map((p) => (
        <ProductLimitsForm key={`${p.product_code}:${JSON.stringify(p.limits)}`} product={p} />
      ))}
    </Stack>
  );
}

// Products (spec §2 menu): the products the bank offers (GET /master_configs/products) with the amount,
// tenure and rate limits of each product's configuration, the same values the portal's fields and the
// server's checks use. An operations admin changes them in Settings › Products.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { productLimitTexts } from '@originate/contract';
import { userAtom } from '@originate/web';
import { useAtomValue } from 'jotai';
import { useProducts } from '../../api/useLists';
import { mayEditLifecycles } from '../../domain/lifecycleEditor';

/** Settings › Products: where an operations admin edits the limits (the shell's Settings page). */
const PRODUCT_SETTINGS = '/settings?tab=products';

export function ProductsPage() {
  const products = useProducts();
  const user = useAtomValue(userAtom);
  // The operations admin who edits lifecycles edits products too (the server's isOpsAdmin).
  const editable = mayEditLifecycles(user?.roles ?? []);
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          Products
        </Typography>
        {editable && (
          <Button variant="outlined" href={PRODUCT_SETTINGS}>
            Edit limits in Settings
          </Button>
        )}
      </Stack>
      {products.isError && <Alert severity="error">The products could not be loaded: {products.error.message}</Alert>}
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Products">
          <TableHead>
            <TableRow>
              <TableCell>Code</TableCell>
              <TableCell>Product</TableCell>
              <TableCell>Type</TableCell>
              <TableCell align="right">Loan amount</TableCell>
              <TableCell align="right">Tenure</TableCell>
              <TableCell align="right">Interest rate</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(products.data ?? []).map((p) => {
              const limits = productLimitTexts(p.limits);
              return (
                <TableRow key={p.product_code}>
                  <TableCell>{p.product_code}</TableCell>
                  <TableCell>{p.product_name}</TableCell>
                  <TableCell>{p.product_type_code}</TableCell>
                  <TableCell align="right">{limits.amount}</TableCell>
                  <TableCell align="right">{limits.tenure}</TableCell>
                  <TableCell align="right">{limits.rate}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Paper>
    </Box>
  );
}

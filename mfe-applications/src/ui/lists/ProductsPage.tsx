// Products (spec §2 menu): the products the bank offers (GET /master_configs/products), with their
// amount limits in INR lakh grouping.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatCurrency } from '@originate/contract';
import { useProducts } from '../../api/useLists';

export function ProductsPage() {
  const products = useProducts();
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        Products
      </Typography>
      {products.isError && <Alert severity="error">The products could not be loaded: {products.error.message}</Alert>}
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Products">
          <TableHead>
            <TableRow>
              <TableCell>Code</TableCell>
              <TableCell>Product</TableCell>
              <TableCell>Type</TableCell>
              <TableCell align="right">Minimum</TableCell>
              <TableCell align="right">Maximum</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(products.data ?? []).map((p) => (
              <TableRow key={p.product_code}>
                <TableCell>{p.product_code}</TableCell>
                <TableCell>{p.product_name}</TableCell>
                <TableCell>{p.product_type_code}</TableCell>
                <TableCell align="right">{formatCurrency(p.minAmount)}</TableCell>
                <TableCell align="right">{formatCurrency(p.maxAmount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </Box>
  );
}

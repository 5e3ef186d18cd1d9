import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ProductSummary } from '@originate/contract';
import { useState } from 'react';
import { useProducts } from '../../api/useProducts';
import { CallbackDialog } from './CallbackDialog';
import { MyApplications } from './MyApplications';

/**
 * /newapplication without a product: the products to apply for (or to be called about), then the
 * applicant's own applications.
 */
export function ProductList({ onChoose }: { onChoose(productCode: string): void }) {
  const products = useProducts();
  const [callback, setCallback] = useState<ProductSummary | null>(null);
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
        Apply for a loan
      </Typography>
      {products.isError && <Alert severity="error">The products could not be loaded. Please try again later.</Alert>}
      <Grid container spacing={2}>
        {products.isPending &&
          [0, 1].map((i) => (
            <Grid key={i} size={{ xs: 12, sm: 6 }}>
              <Skeleton variant="rounded" height={160} />
            </Grid>
          ))}
        {products.data?.map((product) => (
          <Grid key={product.product_code} size={{ xs: 12, sm: 6 }}>
            <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ flex: 1 }}>
                <Typography variant="h6" component="h2">
                  {product.product_name}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {product.description}
                </Typography>
              </CardContent>
              <CardActions sx={{ px: 2, pb: 2 }}>
                <Button
                  variant="contained"
                  onClick={() => onChoose(product.product_code)}
                  aria-label={`Apply for ${product.product_name}`}
                >
                  Apply
                </Button>
                <Button
                  variant="outlined"
                  onClick={() => setCallback(product)}
                  aria-label={`Request a call back about ${product.product_name}`}
                >
                  Request a call back
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
      <MyApplications />
      {callback && <CallbackDialog product={callback} onClose={() => setCallback(null)} />}
    </>
  );
}

import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { API_PATHS, api, type DomainUrlRecord } from '@originate/shared';
import { useQuery } from '@tanstack/react-query';
import { formPreviewUrl } from './formPreview';

/** The fields of GET /v3/lead/getAllProducts this page shows. */
interface Product {
  product_code: string;
  product_name: string;
  description: string;
}

export function FormPreviewPage() {
  const products = useQuery({
    queryKey: ['formPreview', 'products'],
    queryFn: () => api.get<Product[]>(API_PATHS.productList),
  });
  const portal = useQuery({
    queryKey: ['formPreview', 'portal'],
    queryFn: async () => {
      const domains = await api.get<DomainUrlRecord[]>(API_PATHS.environmentDomain);
      const first = Array.isArray(domains) ? domains[0]?.customerportal : undefined;
      if (!first) throw new Error(`${API_PATHS.environmentDomain}: no customerportal in the first entry`);
      return first;
    },
  });
  const error = products.error ?? portal.error;
  return (
    <Stack spacing={3} sx={{ maxWidth: 800 }}>
      <div>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
          Form preview
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Each product's application form as applicants see it on the customer portal. It opens in a new tab; nothing is
          sent to the bank unless it is submitted there.
        </Typography>
      </div>
      {error && <Alert severity="error">{error.message}</Alert>}
      <Paper variant="outlined">
        {products.isPending || portal.isPending ? (
          <Skeleton height={120} sx={{ mx: 2 }} />
        ) : (
          <List aria-label="Products" disablePadding>
            {(products.data ?? []).map((p, i, all) => (
              <ListItem
                key={p.product_code}
                divider={i < all.length - 1}
                secondaryAction={
                  portal.data && (
                    <Button
                      href={formPreviewUrl(portal.data, p.product_code)}
                      target="_blank"
                      rel="noopener noreferrer"
                      endIcon={<OpenInNewIcon fontSize="small" />}
                      aria-label={`Preview the ${p.product_name} form (opens in a new tab)`}
                    >
                      Preview
                    </Button>
                  )
                }
                sx={{ pr: 16 }}
              >
                <ListItemText primary={p.product_name} secondary={p.description || p.product_code} />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </Stack>
  );
}

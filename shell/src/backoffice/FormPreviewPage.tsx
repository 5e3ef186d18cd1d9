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
import type { Session } from '@originate/web';
import { slotProvider, useManifest } from '@originate/web/remotes';
import { useProductList } from '../api/useProducts';
import { CUSTOMER_AREA_UNAVAILABLE } from '../customer/unavailable';
import { formPreviewUrl } from './formPreview';

export function FormPreviewPage({ session }: { session: Session }) {
  const products = useProductList();
  const { manifest } = useManifest();
  const portal = slotProvider(manifest, session.user.roles, 'customerArea')?.remote.entry;
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
      {products.error && <Alert severity="error">{products.error.message}</Alert>}
      {!portal && <Alert severity="warning">{CUSTOMER_AREA_UNAVAILABLE}</Alert>}
      <Paper variant="outlined">
        {products.isPending ? (
          <Skeleton height={120} sx={{ mx: 2 }} />
        ) : (
          <List aria-label="Products" disablePadding>
            {(products.data ?? []).map((p, i, all) => (
              <ListItem
                key={p.product_code}
                divider={i < all.length - 1}
                secondaryAction={
                  portal && (
                    <Button
                      href={formPreviewUrl(portal, p.product_code)}
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

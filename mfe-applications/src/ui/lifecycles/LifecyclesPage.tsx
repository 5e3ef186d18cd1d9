// Settings → Lifecycles: pick a product, see its lifecycle; an operations admin edits it and saves a new
// version, everyone else reads it.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ApiError, type LifecycleSaved } from '@originate/contract';
import { userAtom } from '@originate/web';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import type { Directory } from '../../api/lifecycles';
import { useDirectory, useLifecycle } from '../../api/useLifecycles';
import { useProducts } from '../../api/useLists';
import { mayEditLifecycles } from '../../domain/lifecycleEditor';
import { ProductSelect } from '../common/ProductSelect';
import { LifecycleEditor } from './LifecycleEditor';

const NO_DIRECTORY: Directory = { users: [], teams: [] };

export function LifecyclesPage() {
  const user = useAtomValue(userAtom);
  const editable = mayEditLifecycles(user?.roles ?? []);
  const products = useProducts();
  const [product, setProduct] = useState<string | null>(null);
  const [saved, setSaved] = useState<LifecycleSaved | null>(null);
  const lifecycle = useLifecycle(product);
  // A viewer who may not list users reads the lifecycle with ids where names would be.
  const directory = useDirectory(true);

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2, minWidth: 0, maxWidth: 1200 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        Lifecycles
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Each product's steps, who works them and their SLAs, and who approves which amounts. Saving makes a new version:
        applications already started keep theirs.
      </Typography>
      {products.isError && <Alert severity="error">The products could not be loaded: {products.error.message}</Alert>}
      <ProductSelect
        products={products.data ?? []}
        value={product}
        onChange={(code) => {
          setSaved(null);
          setProduct(code);
        }}
      />
      {saved && saved.product_code === product && (
        <Alert severity="success" onClose={() => setSaved(null)} data-testid="lifecycle-saved">
          Version {saved.verNum} of the {saved.product_code} lifecycle saved ({saved.diff.length}{' '}
          {saved.diff.length === 1 ? 'change' : 'changes'}). New applications follow it.
        </Alert>
      )}
      {product === null ? null : lifecycle.isError ? (
        <Alert severity={lifecycle.error instanceof ApiError && lifecycle.error.status === 404 ? 'info' : 'error'}>
          {refusalText(lifecycle.error)}
        </Alert>
      ) : !lifecycle.data || directory.isPending ? (
        <Skeleton variant="rounded" height={320} />
      ) : (
        <LifecycleEditor
          // A new version (after a save) starts a new draft from it.
          key={`${lifecycle.data.product_code}:${lifecycle.data.verNum}`}
          initial={lifecycle.data}
          directory={directory.data ?? NO_DIRECTORY}
          readOnly={!editable}
          onSaved={setSaved}
        />
      )}
    </Box>
  );
}

function refusalText(error: Error): string {
  if (error instanceof ApiError && error.status === 404) return 'This product has no lifecycle configured yet.';
  if (error instanceof ApiError && error.status === 403) return `You may not see this lifecycle: ${error.message}`;
  return `The lifecycle could not be loaded: ${error.message}`;
}

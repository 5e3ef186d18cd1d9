// Settings → Decision tables: pick a product, see its credit decision's tables and its versions (who saved each,
// when); an operations admin edits a table and saves the decision as a new version, everyone else reads it.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ApiError, type DecisionConfigAnswer, formatDateTime } from '@originate/contract';
import { userAtom } from '@originate/web';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useDecision, useDecisionVersions } from '../../api/useDecisions';
import { useProducts } from '../../api/useLists';
import { mayEditLifecycles } from '../../domain/lifecycleEditor';
import { ProductSelect } from '../common/ProductSelect';
import { DecisionEditor } from './DecisionEditor';

export function DecisionTablesPage() {
  const user = useAtomValue(userAtom);
  // The same operations admin who changes lifecycles changes decision tables (the server's isOpsAdmin).
  const editable = mayEditLifecycles(user?.roles ?? []);
  const products = useProducts();
  const [product, setProduct] = useState<string | null>(null);
  const [saved, setSaved] = useState<DecisionConfigAnswer | null>(null);
  const decision = useDecision(product);
  const versions = useDecisionVersions(product);
  const shown = decision.data;
  const savedBy = versions.data?.data.find((v) => v.verNum === shown?.verNum)?.createdByName ?? shown?.createdBy;

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2, minWidth: 0, maxWidth: 1600 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        Decision tables
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Each product's credit decision: pricing by bureau score, eligibility, and the deviations that need an approval
        level. Saving makes a new version of all three tables: decisions already taken keep the version they were made
        with.
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
      {saved && saved.product === product && (
        <Alert severity="success" onClose={() => setSaved(null)} data-testid="decision-saved">
          Version {saved.verNum} of the {saved.product} decision tables saved. Applications decided from now on use
          version {saved.verNum}.
        </Alert>
      )}
      {product === null ? null : decision.isError ? (
        <Alert severity={decision.error instanceof ApiError && decision.error.status === 404 ? 'info' : 'error'}>
          {refusalText(decision.error)}
        </Alert>
      ) : !shown ? (
        <Skeleton variant="rounded" height={320} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 260px' },
            alignItems: 'start',
          }}
        >
          <DecisionEditor
            // A new version (after a save) starts a new draft from it.
            key={`${shown.product}:${shown.verNum}`}
            initial={shown}
            savedBy={savedBy ?? shown.createdBy}
            readOnly={!editable}
            onSaved={setSaved}
          />
          <Paper variant="outlined" component="section" aria-labelledby="decision-versions-title" sx={{ p: 2 }}>
            <Typography id="decision-versions-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              Versions
            </Typography>
            {versions.isError ? (
              <Alert severity="error">The versions could not be loaded: {versions.error.message}</Alert>
            ) : !versions.data ? (
              <Skeleton variant="rounded" height={80} />
            ) : (
              <List dense aria-label="Versions" data-testid="decision-versions">
                {versions.data.data.map((v) => (
                  <ListItem key={v.verNum} disableGutters divider>
                    <ListItemText
                      primary={
                        <>
                          Version {v.verNum}{' '}
                          {v.verNum === versions.data.data[0]?.verNum && (
                            <Chip size="small" color="success" variant="outlined" label="in use" />
                          )}
                        </>
                      }
                      secondary={`${formatDateTime(v.createdAt)} by ${v.createdByName}`}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </Paper>
        </Box>
      )}
    </Box>
  );
}

function refusalText(error: Error): string {
  if (error instanceof ApiError && error.status === 404) return 'This product has no decision tables yet.';
  if (error instanceof ApiError && error.status === 403) return `You may not see these tables: ${error.message}`;
  return `The decision tables could not be loaded: ${error.message}`;
}

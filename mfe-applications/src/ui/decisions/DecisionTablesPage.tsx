// Settings → Decision tables: pick a product, see its credit decision's tables and its versions (who saved each,
// when); an operations admin edits a table and saves the decision as a new version, everyone else reads it. A
// version in the history opens read only, with what changed since; the draft of the latest stays as it was.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ApiError, type DecisionConfigAnswer, type DecisionTableName, formatBankDateTime } from '@originate/contract';
import { userAtom } from '@originate/web';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useDecision, useDecisionVersions } from '../../api/useDecisions';
import { useProducts } from '../../api/useLists';
import { olderVersionDifference } from '../../domain/decisionTables';
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
  /** The older version open read only, or null for the latest. */
  const [viewing, setViewing] = useState<number | null>(null);
  /** The table shown, kept across versions: a save or an older version opens on the same table. */
  const [tableName, setTableName] = useState<DecisionTableName>('pricing');
  const decision = useDecision(product);
  const older = useDecision(viewing === null ? null : product, viewing ?? undefined);
  const versions = useDecisionVersions(product);
  const shown = decision.data;
  const savedByOf = (verNum: number | undefined, fallback: string | undefined) =>
    versions.data?.data.find((v) => v.verNum === verNum)?.createdByName ?? fallback ?? '';
  const open = (verNum: number) => setViewing(verNum === shown?.verNum ? null : verNum);

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
          setViewing(null);
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
          <Box sx={{ minWidth: 0 }}>
            {viewing !== null && (
              <OlderVersion
                verNum={viewing}
                inUse={shown}
                older={older.data}
                error={older.error}
                savedBy={savedByOf(viewing, older.data?.createdBy)}
                tableName={tableName}
                onTable={setTableName}
                onBack={() => setViewing(null)}
              />
            )}
            {/* Kept, hidden, while an older version is open: the draft of the latest is not lost. */}
            <Box hidden={viewing !== null}>
              <DecisionEditor
                // A new version (after a save) starts a new draft from it.
                key={`${shown.product}:${shown.verNum}`}
                initial={shown}
                savedBy={savedByOf(shown.verNum, shown.createdBy)}
                readOnlyNote={editable ? null : 'Read only: only an operations admin changes decision tables.'}
                tableName={tableName}
                onTable={setTableName}
                onSaved={(next) => {
                  setViewing(null);
                  setSaved(next);
                }}
              />
            </Box>
          </Box>
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
                {versions.data.data.map((v) => {
                  const current = v.verNum === (viewing ?? shown.verNum);
                  return (
                    <ListItem key={v.verNum} disablePadding divider>
                      <ListItemButton
                        selected={current}
                        aria-current={current ? 'true' : undefined}
                        onClick={() => open(v.verNum)}
                        sx={{ px: 1 }}
                      >
                        <ListItemText
                          primary={
                            <>
                              Version {v.verNum}{' '}
                              {/* Filled: its text keeps its contrast on the selected row's tint too. */}
                              {v.verNum === versions.data.data[0]?.verNum && (
                                <Chip size="small" color="success" label="in use" />
                              )}
                            </>
                          }
                          secondary={`${formatBankDateTime(v.createdAt)} by ${v.createdByName}`}
                        />
                      </ListItemButton>
                    </ListItem>
                  );
                })}
              </List>
            )}
          </Paper>
        </Box>
      )}
    </Box>
  );
}

/** An older version, read only: what changed since in the version in use, and the way back to it. */
function OlderVersion({
  verNum,
  inUse,
  older,
  error,
  savedBy,
  tableName,
  onTable,
  onBack,
}: {
  verNum: number;
  inUse: DecisionConfigAnswer;
  older: DecisionConfigAnswer | undefined;
  error: Error | null;
  savedBy: string;
  tableName: DecisionTableName;
  onTable: (name: DecisionTableName) => void;
  onBack: () => void;
}) {
  const back = (
    <Button color="inherit" size="small" onClick={onBack}>
      Back to version {inUse.verNum}
    </Button>
  );
  if (error) {
    return (
      <Alert severity="error" action={back}>
        Version {verNum} could not be loaded: {error.message}
      </Alert>
    );
  }
  if (!older) return <Skeleton variant="rounded" height={320} />;
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Alert severity="info" action={back} data-testid="decision-older-version">
        An older version, read only. {olderVersionDifference(older.document, inUse.document, inUse.verNum)}
      </Alert>
      <DecisionEditor
        key={`${older.product}:${older.verNum}`}
        initial={older}
        savedBy={savedBy}
        readOnlyNote={`Read only: version ${older.verNum} is an older version. Decisions taken with it keep it; applications decided from now on use version ${inUse.verNum}.`}
        tableName={tableName}
        onTable={onTable}
        onSaved={onBack}
      />
    </Box>
  );
}

function refusalText(error: Error): string {
  if (error instanceof ApiError && error.status === 404) return 'This product has no decision tables yet.';
  if (error instanceof ApiError && error.status === 403) return `You may not see these tables: ${error.message}`;
  return `The decision tables could not be loaded: ${error.message}`;
}

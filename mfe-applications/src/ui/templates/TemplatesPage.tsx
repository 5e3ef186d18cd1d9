// Settings → Templates: every template by type with its versions; opening one shows it in the editor (an
// operations admin edits it and saves a new version, everyone else reads it); New template starts one.

import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type CreatedTemplateAnswer, formatBankDateTime, TEMPLATE_TYPES, type TemplateType } from '@originate/contract';
import { userAtom } from '@originate/web';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTemplateList, useTemplateVersion } from '../../api/useTemplates';
import {
  draftOf,
  EVENT_LABELS,
  mayEditTemplates,
  newDraft,
  type TemplateEntry,
  TYPE_LABELS,
  templateEntries,
} from '../../domain/templates';
import { TemplateEditor } from './TemplateEditor';

type Opened = { kind: 'template'; templateId: string } | { kind: 'new'; type: TemplateType };

export function TemplatesPage() {
  const user = useAtomValue(userAtom);
  const editable = mayEditTemplates(user?.roles ?? []);
  const list = useTemplateList(TEMPLATE_TYPES);
  const [type, setType] = useState<TemplateType | 'ALL'>('ALL');
  const [opened, setOpened] = useState<Opened | null>(null);
  const [saved, setSaved] = useState<CreatedTemplateAnswer | null>(null);
  const entries = templateEntries(list.data ?? []);
  const onSaved = (answer: CreatedTemplateAnswer) => {
    setSaved(answer);
    setOpened({ kind: 'template', templateId: answer.template_id });
  };

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2, minWidth: 0, maxWidth: 1400 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        Templates
      </Typography>
      <Typography variant="body2" color="text.secondary">
        E-mails, SMS, HTML pages and PDF letters sent to applicants, filled in from the application. Saving makes a new
        version: letters already generated and messages already sent keep the version they were made with.
      </Typography>
      {saved && (
        <Alert severity="success" onClose={() => setSaved(null)} data-testid="template-saved">
          Version {saved.verNum} of {saved.template_id} saved.
        </Alert>
      )}
      {list.isError && <Alert severity="error">The templates could not be loaded: {list.error.message}</Alert>}
      {opened ? (
        <>
          <div>
            <Button startIcon={<ArrowBack />} onClick={() => setOpened(null)}>
              All templates
            </Button>
          </div>
          {opened.kind === 'new' ? (
            <TemplateEditor initial={newDraft(opened.type)} readOnly={false} onSaved={onSaved} />
          ) : (
            <OpenedTemplate
              // A save opens the template again at its new current version.
              key={`${opened.templateId}:${saved?.verNum ?? ''}`}
              entry={entries.find((e) => e.template_id === opened.templateId)}
              readOnly={!editable}
              onSaved={onSaved}
            />
          )}
        </>
      ) : (
        <>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Tabs value={type} onChange={(_, value) => setType(value)} aria-label="Template type" sx={{ flex: 1 }}>
              <Tab value="ALL" label="All" />
              {TEMPLATE_TYPES.map((t) => (
                <Tab key={t} value={t} label={TYPE_LABELS[t]} />
              ))}
            </Tabs>
            {editable && (
              <Button
                variant="contained"
                startIcon={<AddOutlined />}
                onClick={() => {
                  setSaved(null);
                  setOpened({ kind: 'new', type: type === 'ALL' ? 'EMAIL' : type });
                }}
              >
                New template
              </Button>
            )}
          </Stack>
          {list.isPending ? (
            <Skeleton variant="rounded" height={240} />
          ) : (
            <TemplateTable
              entries={entries.filter((e) => type === 'ALL' || e.template_type === type)}
              onOpen={(templateId) => {
                setSaved(null);
                setOpened({ kind: 'template', templateId });
              }}
            />
          )}
        </>
      )}
    </Box>
  );
}

function TemplateTable({ entries, onOpen }: { entries: TemplateEntry[]; onOpen: (templateId: string) => void }) {
  if (entries.length === 0) return <Typography color="text.secondary">No templates of this type yet.</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label="Templates">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Id</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Version</TableCell>
            <TableCell>Sent when</TableCell>
            <TableCell>Saved</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((e) => (
            <TableRow key={e.template_id} hover>
              <TableCell>
                <Link component="button" type="button" onClick={() => onOpen(e.template_id)} sx={{ textAlign: 'left' }}>
                  {e.template_name}
                </Link>
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{e.template_id}</TableCell>
              <TableCell>{TYPE_LABELS[e.template_type]}</TableCell>
              <TableCell>
                {e.latest.verNum}
                {e.versions.length > 1 && (
                  <Typography variant="caption" color="text.secondary" component="span">
                    {' '}
                    ({e.versions.length} versions)
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {e.latest.events.map((event) => (
                    <Chip key={event} size="small" label={EVENT_LABELS[event]} />
                  ))}
                </Stack>
              </TableCell>
              <TableCell>
                {formatBankDateTime(e.latest.createdAt)} · {e.latest.createdBy}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A stored template: the version picked (the latest first) loaded into the editor. */
function OpenedTemplate({
  entry,
  readOnly,
  onSaved,
}: {
  entry: TemplateEntry | undefined;
  readOnly: boolean;
  onSaved: (saved: CreatedTemplateAnswer) => void;
}) {
  const [verNum, setVerNum] = useState<number | null>(null);
  const shown = verNum ?? entry?.latest.verNum ?? null;
  const version = useTemplateVersion(entry?.template_id ?? null, shown);
  if (!entry) return <Skeleton variant="rounded" height={320} />;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h6" component="h2">
          {entry.template_name}
        </Typography>
        <TextField
          select
          size="small"
          label="Version"
          value={shown ?? ''}
          onChange={(e) => setVerNum(Number(e.target.value))}
          sx={{ minWidth: 260 }}
        >
          {entry.versions.map((v) => (
            <MenuItem key={v.verNum} value={v.verNum}>
              Version {v.verNum} · {formatBankDateTime(v.createdAt)} · {v.createdBy}
              {v.verNum === entry.latest.verNum ? ' (current)' : ''}
            </MenuItem>
          ))}
        </TextField>
        {shown !== null && shown !== entry.latest.verNum && !readOnly && (
          <Typography variant="body2" color="text.secondary">
            An earlier version: saving it makes version {entry.latest.verNum + 1} with this text.
          </Typography>
        )}
      </Stack>
      {version.isError ? (
        <Alert severity="error">This version could not be loaded: {version.error.message}</Alert>
      ) : !version.data ? (
        <Skeleton variant="rounded" height={320} />
      ) : (
        <TemplateEditor
          // Another version, or a new one after a save, starts a new draft.
          key={`${entry.template_id}:${version.data.verNum}:${entry.latest.verNum}`}
          initial={draftOf(version.data, entry.latest.verNum)}
          readOnly={readOnly}
          onSaved={onSaved}
        />
      )}
    </Stack>
  );
}

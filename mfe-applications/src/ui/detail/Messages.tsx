// The application's messages: the delivery log (what left for the applicant, to whom, when, its status and,
// when it did not leave, why), "Send message" (an EMAIL or SMS template, rendered for this application before
// it goes, with documents of Docs attached to an e-mail) and "Generate letter" (a PDF template rendered and
// stored in Docs). Everyone who sees the application may send; a letter needs MANAGE_DOCUMENT (it writes to Docs).
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatBankDateTime,
  type GeneratedLetterAnswer,
  type MessageLogEntry,
  type TemplateType,
} from '@originate/contract';
import { showToast } from '@originate/web';
import { useState } from 'react';
import { useDocuments } from '../../api/useDetail';
import {
  useGenerateLetter,
  useMessages,
  useSendMessage,
  useTemplateList,
  useTemplatePreview,
  useTemplateVersion,
} from '../../api/useTemplates';
import {
  carriesAttachments,
  messageReason,
  messageWhat,
  offeredTemplates,
  STATUS_CHIPS,
  sendBody,
} from '../../domain/messages';
import { type TemplateEntry, TYPE_LABELS } from '../../domain/templates';
import { PreviewPane } from '../templates/PreviewPane';

const MESSAGE_TYPES: readonly TemplateType[] = ['EMAIL', 'SMS'];
const LETTER_TYPES: readonly TemplateType[] = ['PDF'];

export function MessagesSection({ applicationId, canGenerate }: { applicationId: string; canGenerate: boolean }) {
  const messages = useMessages(applicationId);
  const [dialog, setDialog] = useState<'send' | 'letter' | null>(null);
  return (
    <Paper component="section" aria-labelledby="messages-title" sx={{ p: { xs: 1.5, sm: 3 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
        <Typography id="messages-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          Messages
        </Typography>
        <Button variant="outlined" onClick={() => setDialog('send')}>
          Send message
        </Button>
        {canGenerate && (
          <Button variant="outlined" onClick={() => setDialog('letter')}>
            Generate letter
          </Button>
        )}
      </Stack>
      {messages.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void messages.refetch()}>
              Retry
            </Button>
          }
        >
          The messages could not be loaded: {messages.error.message}
        </Alert>
      ) : messages.isPending ? (
        <Typography color="text.secondary">Loading the messages…</Typography>
      ) : messages.data.length === 0 ? (
        <Typography color="text.secondary">No message has been sent for this application yet.</Typography>
      ) : (
        <DeliveryLog entries={messages.data} />
      )}
      {dialog === 'send' && <SendMessageDialog applicationId={applicationId} onClose={() => setDialog(null)} />}
      {dialog === 'letter' && <GenerateLetterDialog applicationId={applicationId} onClose={() => setDialog(null)} />}
    </Paper>
  );
}

function DeliveryLog({ entries }: { entries: MessageLogEntry[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Delivery log">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>What</TableCell>
            <TableCell>To</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Attachments</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((m) => {
            const chip = STATUS_CHIPS[m.status];
            const reason = messageReason(m);
            return (
              <TableRow key={m.messageId} data-testid="message-row">
                <TableCell sx={{ minWidth: 140 }}>
                  {formatBankDateTime(m.createdAt)}
                  {m.createdBy && (
                    <Typography variant="caption" component="div" color="text.secondary">
                      by {m.createdBy}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ minWidth: 180, overflowWrap: 'anywhere' }}>
                  {m.subject ?? (m.channel === 'SMS' ? 'SMS' : '(no subject)')}
                  <Typography variant="caption" component="div" color="text.secondary">
                    {m.channel === 'EMAIL' ? 'E-mail' : 'SMS'} · {messageWhat(m)}
                  </Typography>
                </TableCell>
                {/* Whole, never broken inside a word: the table scrolls sideways on a narrow screen instead. */}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{m.to}</TableCell>
                <TableCell sx={{ minWidth: 150 }}>
                  <Chip size="small" label={chip.label} color={chip.color} />
                  {m.sentAt && (
                    <Typography variant="caption" component="div" color="text.secondary">
                      {formatBankDateTime(m.sentAt)}
                    </Typography>
                  )}
                  {reason && (
                    <Typography
                      variant="caption"
                      component="div"
                      color={m.status === 'FAILED' ? 'error' : 'text.secondary'}
                    >
                      {reason}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  {m.attachments.length === 0
                    ? '—'
                    : m.attachments.map((a) => (
                        <Chip
                          key={a.fileId}
                          size="small"
                          variant="outlined"
                          icon={<AttachFileOutlined />}
                          label={a.fileName}
                          // A long file name wraps inside the chip rather than widening the table past the card.
                          sx={{
                            mr: 0.5,
                            mb: 0.5,
                            height: 'auto',
                            '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
                          }}
                        />
                      ))}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A picker of the current version of each template of `types`. */
function TemplateSelect({
  types,
  value,
  onChange,
}: {
  types: readonly TemplateType[];
  value: TemplateEntry | null;
  onChange: (entry: TemplateEntry) => void;
}) {
  const list = useTemplateList(types);
  const offered = offeredTemplates(list.data ?? [], types);
  if (list.isError) return <Alert severity="error">The templates could not be loaded: {list.error.message}</Alert>;
  return (
    <TextField
      select
      size="small"
      label="Template"
      value={value?.template_id ?? ''}
      onChange={(e) => {
        const picked = offered.find((t) => t.template_id === e.target.value);
        if (picked) onChange(picked);
      }}
      helperText={
        list.isPending ? 'Loading the templates…' : offered.length === 0 ? 'No template of this kind yet' : undefined
      }
    >
      {offered.map((t) => (
        <MenuItem key={t.template_id} value={t.template_id}>
          {t.template_name} ({TYPE_LABELS[t.template_type]}, version {t.latest.verNum})
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The picked template's current version rendered for this application, as it would leave. */
function RenderedTemplate({ applicationId, template }: { applicationId: string; template: TemplateEntry }) {
  const version = useTemplateVersion(template.template_id, template.latest.verNum);
  const preview = useTemplatePreview(
    version.data
      ? {
          applicationId,
          template_type: version.data.template_type,
          subject: version.data.subject,
          body: version.data.body,
        }
      : null,
  );
  if (version.isError) return <Alert severity="error">The template could not be loaded: {version.error.message}</Alert>;
  return (
    <PreviewPane
      type={template.template_type}
      preview={preview.data}
      loading={version.isPending || preview.isFetching}
      error={preview.error}
      title={`${template.template_name} for application ${applicationId}`}
    />
  );
}

function SendMessageDialog({ applicationId, onClose }: { applicationId: string; onClose: () => void }) {
  const [template, setTemplate] = useState<TemplateEntry | null>(null);
  const [attached, setAttached] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const documents = useDocuments(applicationId);
  const send = useSendMessage(applicationId);
  const attaches = template !== null && carriesAttachments(template.template_type);
  const onSend = () => {
    if (!template) return;
    setError(null);
    send.mutate(sendBody(applicationId, template, attached), {
      onSuccess: () => {
        showToast(`${template.template_name} queued for the applicant: see the delivery log`, 'success');
        onClose();
      },
      onError: (e) => setError(e.message),
    });
  };
  return (
    <Dialog
      open
      onClose={send.isPending ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="send-message-title"
    >
      <DialogTitle id="send-message-title">Send a message to the applicant</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            An e-mail goes to the applicant's e-mail address, an SMS to their mobile, as the application has them.
          </Typography>
          <TemplateSelect types={MESSAGE_TYPES} value={template} onChange={(t) => setTemplate(t)} />
          {template && <RenderedTemplate applicationId={applicationId} template={template} />}
          {attaches && (
            <FormGroup aria-labelledby="attach-title">
              <FormLabel id="attach-title">Attach documents from Docs</FormLabel>
              {!documents.data ? (
                <Typography variant="body2" color="text.secondary">
                  {documents.isError ? 'The documents could not be loaded.' : 'Loading the documents…'}
                </Typography>
              ) : documents.data.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  This application has no documents.
                </Typography>
              ) : (
                documents.data.map((d) => (
                  <FormControlLabel
                    key={d.fileId}
                    label={`${d.fileName} (version ${d.version})`}
                    control={
                      <Checkbox
                        checked={attached.includes(d.fileId)}
                        onChange={(e) =>
                          setAttached((a) => (e.target.checked ? [...a, d.fileId] : a.filter((x) => x !== d.fileId)))
                        }
                      />
                    }
                  />
                ))
              )}
            </FormGroup>
          )}
          {error && (
            <Alert severity="error" role="alert">
              The message was not sent: {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={send.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onSend} disabled={!template || send.isPending}>
          Send
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function GenerateLetterDialog({ applicationId, onClose }: { applicationId: string; onClose: () => void }) {
  const [template, setTemplate] = useState<TemplateEntry | null>(null);
  const [done, setDone] = useState<GeneratedLetterAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const generate = useGenerateLetter(applicationId);
  const onGenerate = () => {
    if (!template) return;
    setError(null);
    generate.mutate(
      { applicationId, template_id: template.template_id, verNum: template.latest.verNum },
      { onSuccess: setDone, onError: (e) => setError(e.message) },
    );
  };
  return (
    <Dialog
      open
      onClose={generate.isPending ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="generate-letter-title"
    >
      <DialogTitle id="generate-letter-title">Generate a letter</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            The letter is made from the template's current version with this application's data and stored in Docs as a
            new document (or a new version of the one made before).
          </Typography>
          <TemplateSelect
            types={LETTER_TYPES}
            value={template}
            onChange={(t) => {
              setDone(null);
              setTemplate(t);
            }}
          />
          {template && !done && <RenderedTemplate applicationId={applicationId} template={template} />}
          {done && (
            <Alert severity="success" data-testid="letter-generated">
              {done.fileName} stored in Docs as version {done.version}.
            </Alert>
          )}
          {error && (
            <Alert severity="error" role="alert">
              The letter was not generated: {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={generate.isPending}>
          {done ? 'Close' : 'Cancel'}
        </Button>
        {!done && (
          <Button variant="contained" onClick={onGenerate} disabled={!template || generate.isPending}>
            Generate
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

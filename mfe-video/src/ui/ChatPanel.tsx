// The call's chat (spec §7 data-channel chat messages): lines both ways, newest last, and a field to send.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { MAX_CHAT_LENGTH } from '../domain/dataMessages';
import type { ChatMessage } from '../domain/videoRoomReducer';

export function ChatPanel({
  messages,
  canSend,
  onSend,
  compact,
}: {
  messages: readonly ChatMessage[];
  canSend: boolean;
  onSend: (text: string) => Promise<void>;
  compact?: boolean;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const end = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (messages.length > 0) end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const line = text.trim();
    if (!line) return;
    onSend(line).then(
      () => {
        setText('');
        setError(null);
      },
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Chat"
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <Typography variant="subtitle2" component="h3" sx={{ px: 1.5, pt: 1 }}>
        Chat
      </Typography>
      <List
        dense
        aria-label="Chat history"
        aria-live="polite"
        sx={{ flex: 1, overflowY: 'auto', maxHeight: compact ? 160 : 320, minHeight: 80 }}
      >
        {messages.length === 0 && (
          <ListItem>
            <ListItemText secondary="No messages yet." />
          </ListItem>
        )}
        {messages.map((m) => (
          <ListItem key={m.id} sx={{ justifyContent: m.mine ? 'flex-end' : 'flex-start' }}>
            <ListItemText
              primary={m.text}
              secondary={m.mine ? 'You' : m.from}
              sx={{ textAlign: m.mine ? 'right' : 'left', overflowWrap: 'anywhere' }}
            />
          </ListItem>
        ))}
        <li ref={end} aria-hidden />
      </List>
      {canSend && (
        <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, p: 1 }}>
          <TextField
            size="small"
            fullWidth
            label="Message"
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{ htmlInput: { maxLength: MAX_CHAT_LENGTH } }}
            error={error !== null}
            helperText={error ?? undefined}
          />
          <Button type="submit" variant="contained" disabled={!text.trim()}>
            Send
          </Button>
        </Box>
      )}
    </Paper>
  );
}

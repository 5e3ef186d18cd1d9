// Signature pad (spec §5: a mandatory one needs a fileId): drawn with signature_pad on a canvas, or,
// for keyboard users, typed as a name and drawn in script; saved as a PNG to uploadSignaturetoS3.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { problemText } from './problems';
import { useFieldServices } from './services';
import { errorText, type FieldRendererProps, fieldDomId, helperId } from './types';

const CANVAS_HEIGHT = 180;

function savedFileId(value: FieldRendererProps['value']): string | null {
  return typeof value === 'object' && value !== null && 'fileId' in value ? value.fileId : null;
}

export function SignatureInput({ field, label, value, error, readOnly, onChange, onBlur }: FieldRendererProps) {
  const services = useFieldServices();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(true);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const fileId = savedFileId(value);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const signature = new SignaturePad(element);
    pad.current = signature;
    // The canvas must hold device pixels, or strokes land away from the pointer on high-density screens.
    // A resize (rotation, a phone's keyboard opening) must not wipe what was drawn: the strokes are redrawn.
    const fitCanvas = () => {
      const strokes = signature.toData();
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      element.width = element.offsetWidth * ratio;
      element.height = CANVAS_HEIGHT * ratio;
      element.getContext('2d')?.scale(ratio, ratio);
      signature.clear();
      if (strokes.length > 0) signature.fromData(strokes);
      setEmpty(signature.isEmpty());
    };
    fitCanvas();
    const onEnd = () => setEmpty(signature.isEmpty());
    signature.addEventListener('endStroke', onEnd);
    window.addEventListener('resize', fitCanvas);
    return () => {
      signature.removeEventListener('endStroke', onEnd);
      window.removeEventListener('resize', fitCanvas);
      signature.off();
      pad.current = null;
    };
  }, []);

  useEffect(() => {
    if (readOnly) pad.current?.off();
    else pad.current?.on();
  }, [readOnly]);

  const clear = () => {
    pad.current?.clear();
    setTyped('');
    setEmpty(true);
    setProblem(null);
    if (fileId) onChange(null);
    onBlur();
  };

  const drawTyped = (name: string) => {
    setTyped(name);
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context || !pad.current) return;
    pad.current.clear();
    if (name.trim() === '') {
      setEmpty(true);
      return;
    }
    context.font = 'italic 36px "Brush Script MT", "Segoe Script", cursive';
    context.fillStyle = '#000';
    context.fillText(name, 16, CANVAS_HEIGHT / 2 + 12);
    setEmpty(false);
  };

  const save = async () => {
    const element = canvas.current;
    if (!element || empty) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await services.uploadSignature(element.toDataURL('image/png'));
      onChange({ fileId: answer.fileId });
      onBlur();
    } catch (e) {
      setProblem(problemText(e));
    } finally {
      setBusy(false);
    }
  };

  const shown = problem ?? errorText(label, error);
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-labelledby={`${fieldDomId(field.key)}-label`}
      sx={{ p: 2, borderColor: shown ? 'error.main' : 'divider' }}
    >
      <Typography id={`${fieldDomId(field.key)}-label`} sx={{ fontWeight: 500, mb: 1 }}>
        {label}
        {field.field_type_details.mandatory && (
          <Box component="span" aria-hidden sx={{ color: 'error.main' }}>
            {' *'}
          </Box>
        )}
      </Typography>
      <Box
        component="canvas"
        ref={canvas}
        role="img"
        aria-label={`${label}: signature drawing area`}
        sx={{
          width: '100%',
          height: CANVAS_HEIGHT,
          display: 'block',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: '#fff',
          touchAction: 'none',
          cursor: readOnly ? 'default' : 'crosshair',
        }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 1.5, alignItems: { sm: 'center' } }}>
        <TextField
          id={fieldDomId(field.key)}
          size="small"
          label="Or type your full name"
          value={typed}
          onChange={(e) => drawTyped(e.target.value)}
          disabled={readOnly}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { 'aria-describedby': shown ? helperId(field.key) : undefined } }}
        />
        <Stack direction="row" spacing={1}>
          <Button onClick={clear} disabled={readOnly || busy}>
            Clear
          </Button>
          <Button variant="contained" onClick={() => void save()} disabled={readOnly || busy || empty}>
            Save signature
          </Button>
        </Stack>
      </Stack>
      {fileId && (
        <Typography variant="body2" color="success.main" sx={{ mt: 1 }} role="status">
          Signature saved
        </Typography>
      )}
      {shown && (
        <FormHelperText error id={helperId(field.key)} role="alert">
          {shown}
        </FormHelperText>
      )}
    </Paper>
  );
}

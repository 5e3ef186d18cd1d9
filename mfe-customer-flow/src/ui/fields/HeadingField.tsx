import Typography from '@mui/material/Typography';

/** A heading field or layout heading: text only, part of the page outline. */
export function HeadingField({ text }: { text: string }) {
  return (
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 1 }}>
      {text}
    </Typography>
  );
}

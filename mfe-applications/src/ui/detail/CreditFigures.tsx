// A credit figure as staff read it, the same wherever it shows (the Summary tab, the Credit panel's affordability,
// the header's strip, the approve dialog): the server's credit summary's value with its cap verdict, or 'Not yet
// available' and why; in a table row, with its cap and its source and time.
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CreditFigure } from '@originate/contract';
import { capText, figureText, sourceText } from '../../domain/summary';

export function FigureValue({ figure }: { figure: CreditFigure }) {
  if (figure.value === null) {
    return (
      <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
        {figureText(figure)}
      </Typography>
    );
  }
  if (figure.withinCap === null) return <>{figureText(figure)}</>;
  return (
    <Chip
      size="small"
      color={figure.withinCap ? 'success' : 'error'}
      variant={figure.withinCap ? 'outlined' : 'filled'}
      label={`${figureText(figure)} ${figure.withinCap ? '(within cap)' : '(above cap)'}`}
    />
  );
}

/** One figure: its name, value, cap and source; `testId` marks the row (the browser tests compare rows by it). */
export function FigureRow({ figure, testId }: { figure: CreditFigure; testId: string }) {
  return (
    <TableRow data-testid={testId}>
      <TableCell component="th" scope="row">
        {figure.label}
      </TableCell>
      <TableCell data-testid={`${testId}-value`}>
        <FigureValue figure={figure} />
      </TableCell>
      <TableCell>{capText(figure) ?? '—'}</TableCell>
      <TableCell sx={{ color: 'text.secondary' }}>{sourceText(figure.source)}</TableCell>
    </TableRow>
  );
}

/** Figures as a table of FigureRows, each row's test id `${prefix}-${key}`. */
export function FigureTable({
  figures,
  label,
  prefix,
}: {
  figures: readonly CreditFigure[];
  label: string;
  prefix: string;
}) {
  return (
    // Focusable: on a narrow screen the table scrolls sideways, and a keyboard must reach what it hides.
    <TableContainer tabIndex={0} role="region" aria-label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Figure</TableCell>
            <TableCell>Value</TableCell>
            <TableCell>Cap</TableCell>
            <TableCell>Source and time</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {figures.map((f) => (
            <FigureRow key={f.key} figure={f} testId={`${prefix}-${f.key}`} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

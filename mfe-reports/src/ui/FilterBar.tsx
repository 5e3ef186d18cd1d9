// The filters every widget and report takes: a range of bank days, a product, and (when the caller's scope
// is wider than their own) a team and a user of that scope. A range the server would refuse stays a draft
// with the reason under its field; the figures keep the last valid filter. From and To are typed and shown
// DD/MM/YYYY (DayPicker, its calendar loaded when opened) and held YYYY-MM-DD.
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MasterProduct, ReporteeDetails } from '@originate/contract';
import { useState } from 'react';
import { displayDay, rangeProblem } from '../domain/dates';
import { defaultFilter, type FilterState, showsScopePickers, usersInScope, withTeam } from '../domain/filters';
import { DayPicker } from './DayPicker';

/** The draft the bar edits and the last valid filter the figures use. */
export function useFilter() {
  const [draft, setDraft] = useState<FilterState>(() => defaultFilter(Date.now()));
  const [applied, setApplied] = useState<FilterState>(draft);
  const change = (next: FilterState) => {
    setDraft(next);
    if (rangeProblem(next.from, next.to) === null) setApplied(next);
  };
  return { draft, applied, change };
}

const SELECT_WIDTH = 200;
/** A select on "any" shows its 'All …' choice instead of an empty box. */
const ALL_SHOWN = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

export function FilterBar({
  draft,
  applied,
  onChange,
  reportees,
  products,
}: {
  draft: FilterState;
  applied: FilterState;
  onChange: (next: FilterState) => void;
  reportees: ReporteeDetails | undefined;
  products: MasterProduct[] | undefined;
}) {
  const problem = rangeProblem(draft.from, draft.to);
  const fromProblem = problem?.startsWith('From') ? problem : undefined;
  const toProblem = problem?.startsWith('To') ? problem : undefined;
  const scoped = showsScopePickers(reportees);
  return (
    <Box role="search" aria-label="Filters" sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <DayPicker
          label="From"
          value={draft.from}
          onChange={(from) => onChange({ ...draft, from })}
          problem={fromProblem}
        />
        <DayPicker label="To" value={draft.to} onChange={(to) => onChange({ ...draft, to })} problem={toProblem} />
        <TextField
          select
          label="Product"
          size="small"
          value={draft.productCode}
          onChange={(event) => onChange({ ...draft, productCode: event.target.value })}
          sx={{ minWidth: SELECT_WIDTH }}
          slotProps={ALL_SHOWN}
        >
          <MenuItem value="">All products</MenuItem>
          {(products ?? []).map((product) => (
            <MenuItem key={product.product_code} value={product.product_code}>
              {product.product_name}
            </MenuItem>
          ))}
        </TextField>
        {scoped && reportees && (
          <>
            <TextField
              select
              label="Team"
              size="small"
              value={draft.teamId}
              onChange={(event) => onChange(withTeam(draft, reportees, event.target.value))}
              sx={{ minWidth: SELECT_WIDTH }}
              slotProps={ALL_SHOWN}
            >
              <MenuItem value="">All teams</MenuItem>
              {reportees.teams.map((team) => (
                <MenuItem key={team.id} value={team.id}>
                  {team.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="User"
              size="small"
              value={draft.userId}
              onChange={(event) => onChange({ ...draft, userId: event.target.value })}
              sx={{ minWidth: SELECT_WIDTH }}
              slotProps={ALL_SHOWN}
            >
              <MenuItem value="">All users</MenuItem>
              {usersInScope(reportees, draft.teamId).map((user) => (
                <MenuItem key={user.userid} value={user.userid}>
                  {user.displayName}
                </MenuItem>
              ))}
            </TextField>
          </>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} role="status" data-testid="filter-range">
        Showing {displayDay(applied.from)} to {displayDay(applied.to)}
      </Typography>
    </Box>
  );
}

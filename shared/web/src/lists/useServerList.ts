// The state of one server-side list and the grid models made from it: paging, sorting, column filters,
// a count chip, a debounced search and saved filters (also `?filter=<name>` from the Filters page). Each
// list keeps its own fields beside these (the application lists' review bucket, say).
import type { GridFilterModel, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import type { SavedFilter, TableColumn } from '@originate/contract';
import { type Dispatch, type SetStateAction, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { filtersFromModel, gridItemsFrom, type ListSort, type ServerListState, sortFromModel } from './listState';
import { useSavedFilters } from './useListSetup';

const SEARCH_DELAY_MS = 300;

export interface ServerList<S extends ServerListState> {
  state: S;
  setState: Dispatch<SetStateAction<S>>;
  /** The sort a page is asked with: the user's, else the table's default. */
  sort: ListSort | null;
  searchInput: string;
  setSearchInput: (value: string) => void;
  applySaved: (saved: Pick<SavedFilter, 'filters' | 'sort'>) => void;
  /** The grid's controlled models and their handlers. */
  grid: {
    paginationModel: GridPaginationModel;
    onPaginationModelChange: (model: GridPaginationModel) => void;
    sortModel: GridSortModel;
    onSortModelChange: (model: GridSortModel) => void;
    filterModel: GridFilterModel;
    onFilterModelChange: (model: GridFilterModel) => void;
  };
}

export function useServerList<S extends ServerListState>(
  initial: () => S,
  tableId: string,
  columns: readonly TableColumn[] | undefined,
  defaultSort: ListSort | null | undefined,
): ServerList<S> {
  const [state, setState] = useState<S>(initial);
  const [filterModel, setFilterModel] = useState<GridFilterModel>({ items: [] });
  const [searchInput, setSearchInput] = useState('');
  const [params, setParams] = useSearchParams();

  // The search is sent once typing pauses, from the first page.
  useEffect(() => {
    const timer = setTimeout(
      () => setState((s) => (s.search === searchInput ? s : { ...s, search: searchInput, page: 0 })),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [searchInput]);

  const applySaved = (saved: Pick<SavedFilter, 'filters' | 'sort'>) => {
    if (!columns) return;
    setFilterModel({ items: gridItemsFrom(saved.filters, columns) });
    setState((s) => ({ ...s, filters: saved.filters, sort: saved.sort ?? null, page: 0 }));
  };

  // ?filter=<name> applies that saved filter once.
  const savedName = params.get('filter');
  const saved = useSavedFilters(savedName ? tableId : '');
  useEffect(() => {
    if (!savedName || !saved.data || !columns) return;
    const found = saved.data.find((f) => f.name === savedName);
    if (found) applySaved(found);
    setParams((p) => {
      p.delete('filter');
      return p;
    });
  });

  const sort = state.sort ?? defaultSort ?? null;
  // The grid takes its models by identity: new ones on every render would reset it in a loop.
  const paginationModel = useMemo(() => ({ page: state.page, pageSize: state.pageSize }), [state.page, state.pageSize]);
  const sortModel = useMemo<GridSortModel>(() => (sort ? [{ field: sort.field, sort: sort.direction }] : []), [sort]);

  return {
    state,
    setState,
    sort,
    searchInput,
    setSearchInput,
    applySaved,
    grid: {
      paginationModel,
      onPaginationModelChange: (m) =>
        setState((s) =>
          m.page === s.page && m.pageSize === s.pageSize
            ? s
            : { ...s, page: m.pageSize === s.pageSize ? m.page : 0, pageSize: m.pageSize },
        ),
      sortModel,
      onSortModelChange: (m) => setState((s) => ({ ...s, sort: sortFromModel(m), page: 0 })),
      filterModel,
      onFilterModelChange: (m) => {
        setFilterModel(m);
        if (columns) setState((s) => ({ ...s, filters: filtersFromModel(m.items, columns), page: 0 }));
      },
    },
  };
}

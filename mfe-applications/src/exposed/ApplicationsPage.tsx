// Every menu entry of this remote (remote.json): the lists, Followed, Products, Search and Filters; the page
// comes from the basename the host routes it under. Each page's code is a chunk of its own, loaded when it is
// shown; a list asks for its first page and columns while its code loads (api/firstPage.ts).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ApplicationList, RemotePageProps } from '@originate/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { prefetchList } from '../api/firstPage';
import { type PageKind, pageFor } from '../domain/pages';

const ListPage = lazy(() => import('../ui/lists/ListPage').then((m) => ({ default: m.ListPage })));
const ProductsPage = lazy(() => import('../ui/lists/ProductsPage').then((m) => ({ default: m.ProductsPage })));
const SearchPage = lazy(() => import('../ui/lists/SearchPage').then((m) => ({ default: m.SearchPage })));
const FiltersPage = lazy(() => import('../ui/lists/FiltersPage').then((m) => ({ default: m.FiltersPage })));
const FollowedPage = lazy(() => import('../ui/lists/FollowedPage').then((m) => ({ default: m.FollowedPage })));

/** The page's title and a placeholder while its code loads. */
function Loading({ title }: { title: string }) {
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2 }} aria-busy="true">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Skeleton variant="rounded" height={320} />
    </Box>
  );
}

function List({ list, title }: { list: ApplicationList; title: string }) {
  const client = useQueryClient();
  const [params] = useSearchParams();
  // During render, not in an effect: the requests leave before the list's chunks are even asked for. A saved
  // filter named in the address is applied before the first page is asked (ListPage).
  prefetchList(client, list, !params.has('filter'));
  return <ListPage list={list} title={title} />;
}

export default function ApplicationsPage({ basename }: RemotePageProps) {
  const page = pageFor(basename);
  if (!page) return <Alert severity="warning">This page does not exist.</Alert>;
  return <Suspense fallback={<Loading title={page.title} />}>{pageOf(page)}</Suspense>;
}

function pageOf(page: PageKind) {
  switch (page.kind) {
    case 'list':
      // A new list starts from its own state (page 1, no filters).
      return <List key={page.list} list={page.list} title={page.title} />;
    case 'products':
      return <ProductsPage />;
    case 'search':
      return <SearchPage />;
    case 'filters':
      return <FiltersPage />;
    case 'followed':
      return <FollowedPage />;
  }
}

// Every menu entry of this remote (remote.json): the lists, Followed, Products, Search and Filters; the page
// comes from the basename the host routes it under.
import Alert from '@mui/material/Alert';
import type { RemotePageProps } from '@originate/contract';
import { pageFor } from '../domain/pages';
import { FiltersPage } from '../ui/lists/FiltersPage';
import { FollowedPage } from '../ui/lists/FollowedPage';
import { ListPage } from '../ui/lists/ListPage';
import { ProductsPage } from '../ui/lists/ProductsPage';
import { SearchPage } from '../ui/lists/SearchPage';

export default function ApplicationsPage({ basename }: RemotePageProps) {
  const page = pageFor(basename);
  if (!page) return <Alert severity="warning">This page does not exist.</Alert>;
  switch (page.kind) {
    case 'list':
      // A new list starts from its own state (page 1, no filters).
      return <ListPage key={page.list} list={page.list} title={page.title} />;
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

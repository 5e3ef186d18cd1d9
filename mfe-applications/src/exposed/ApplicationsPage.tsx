// Every menu entry of this remote (remote.json): the lists, Products, Search and Filters.
import Alert from '@mui/material/Alert';
import type { RemotePageProps } from '@originate/shared';
import { pageFor } from '../lists/pages';

export default function ApplicationsPage({ basename }: RemotePageProps) {
  const page = pageFor(basename);
  if (!page) return <Alert severity="warning">This page does not exist.</Alert>;
  return <h1>{page.title}</h1>;
}

// The module the shell loads (exposed as ./routes): every screen of SPEC 2.7.
import { EntryCreate, EntryEdit, EntryList } from './entries.jsx';
import { EntryImport } from './import.jsx';
import { SearchCreate, SearchEdit, SearchList } from './searches.jsx';

const entry = '/search/:searchId/entry';

export default [
  { path: '/search', element: <SearchList /> },
  { path: '/search/add', element: <SearchCreate /> },
  { path: '/search/:searchId', element: <SearchEdit /> },
  { path: entry, element: <EntryList /> },
  { path: `${entry}/add`, element: <EntryCreate /> },
  { path: `${entry}/import`, element: <EntryImport /> },
  { path: `${entry}/:searchEntryId`, element: <EntryEdit /> },
];

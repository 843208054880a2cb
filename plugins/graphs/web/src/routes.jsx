// The module the shell loads (exposed as ./routes): every screen of SPEC 2.9.
import { EntryCreate, EntryEdit, EntryList } from './entries.jsx';
import { GraphCreate, GraphEdit, GraphList } from './graphs.jsx';
import { GroupCreate, GroupEdit, GroupList } from './groups.jsx';
import { GraphImport } from './import.jsx';

const group = '/graph/:graphId/group';
const entry = `${group}/:graphGroupId/entry`;

export default [
  { path: '/graph', element: <GraphList /> },
  { path: '/graph/add', element: <GraphCreate /> },
  { path: '/graph/:graphId', element: <GraphEdit /> },
  { path: '/graph/:graphId/import', element: <GraphImport /> },
  { path: group, element: <GroupList /> },
  { path: `${group}/add`, element: <GroupCreate /> },
  { path: `${group}/:graphGroupId`, element: <GroupEdit /> },
  { path: entry, element: <EntryList /> },
  { path: `${entry}/add`, element: <EntryCreate /> },
  { path: `${entry}/:graphEntryId`, element: <EntryEdit /> },
];

// The module the shell loads (exposed as ./routes): every screen of SPEC 2.9.
import { resourceRoutes } from '@smogpanel/kit/helpers';
import { EntryCreate, EntryEdit, EntryList } from './entries.jsx';
import { GraphCreate, GraphEdit, GraphList } from './graphs.jsx';
import { GroupCreate, GroupEdit, GroupList } from './groups.jsx';
import { GraphImport } from './import.jsx';

const entry = { param: 'graphEntryId', list: EntryList, create: EntryCreate, edit: EntryEdit };
const group = { param: 'graphGroupId', list: GroupList, create: GroupCreate, edit: GroupEdit, children: { entry } };

export default resourceRoutes('/graph', {
  param: 'graphId',
  list: GraphList,
  create: GraphCreate,
  edit: GraphEdit,
  record: { import: GraphImport },
  children: { group },
});

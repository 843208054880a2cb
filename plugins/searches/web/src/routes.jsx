// The module the shell loads (exposed as ./routes): every screen of SPEC 2.7.
import { resourceRoutes } from '@smogpanel/kit/helpers';
import { EntryCreate, EntryEdit, EntryList } from './entries.jsx';
import { EntryImport } from './import.jsx';
import { SearchCreate, SearchEdit, SearchList } from './searches.jsx';

const entry = {
  param: 'searchEntryId',
  list: EntryList,
  create: EntryCreate,
  edit: EntryEdit,
  screens: { import: EntryImport },
};

export default resourceRoutes('/search', {
  param: 'searchId',
  list: SearchList,
  create: SearchCreate,
  edit: SearchEdit,
  children: { entry },
});

// The module the shell loads (exposed as ./routes): the screens of SPEC 2.6.
import { resourceRoutes } from '@smogpanel/kit/helpers';
import { EntryForm, EntryList, GroupForm, GroupList } from './groups.jsx';
import { RankCreate, RankEdit, RankImport, RankList } from './ranks.jsx';
import { ValueCreate, ValueEdit, ValueImport, ValueList } from './values.jsx';

// a gminy group's values and a voivodeships entry's are the same screens
const value = {
  param: 'rankValueId',
  list: ValueList,
  create: ValueCreate,
  edit: ValueEdit,
  screens: { import: ValueImport },
};
const entry = { param: 'rankEntryId', list: EntryList, create: EntryForm, edit: EntryForm, children: { value } };
const group = { param: 'rankGroupId', list: GroupList, create: GroupForm, edit: GroupForm, children: { value, entry } };

export default resourceRoutes('/rank', {
  param: 'rankId',
  list: RankList,
  create: RankCreate,
  edit: RankEdit,
  record: { import: RankImport },
  children: { group },
});

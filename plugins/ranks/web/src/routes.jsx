// The module the shell loads (exposed as ./routes): the screens of SPEC 2.6.
import { EntryForm, EntryList, GroupForm, GroupList } from './groups.jsx';
import { RankCreate, RankEdit, RankImport, RankList } from './ranks.jsx';
import { ValueCreate, ValueEdit, ValueImport, ValueList } from './values.jsx';

const GROUP = '/rank/:rankId/group/:rankGroupId';
const ENTRY = `${GROUP}/entry/:rankEntryId`;

export default [
  { path: '/rank', element: <RankList /> },
  { path: '/rank/add', element: <RankCreate /> },
  { path: '/rank/:rankId', element: <RankEdit /> },
  { path: '/rank/:rankId/import', element: <RankImport /> },
  { path: '/rank/:rankId/group', element: <GroupList /> },
  { path: '/rank/:rankId/group/add', element: <GroupForm /> },
  { path: GROUP, element: <GroupForm /> },
  { path: `${GROUP}/value`, element: <ValueList /> },
  { path: `${GROUP}/value/add`, element: <ValueCreate /> },
  { path: `${GROUP}/value/import`, element: <ValueImport /> },
  { path: `${GROUP}/value/:rankValueId`, element: <ValueEdit /> },
  { path: `${GROUP}/entry`, element: <EntryList /> },
  { path: `${GROUP}/entry/add`, element: <EntryForm /> },
  { path: ENTRY, element: <EntryForm /> },
  { path: `${ENTRY}/value`, element: <ValueList /> },
  { path: `${ENTRY}/value/add`, element: <ValueCreate /> },
  { path: `${ENTRY}/value/import`, element: <ValueImport /> },
  { path: `${ENTRY}/value/:rankValueId`, element: <ValueEdit /> },
];

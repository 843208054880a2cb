// The module the shell loads (exposed as ./routes): every screen of SPEC 2.10, and the senders of a letter.
import { GroupCreate, GroupEdit, GroupList } from './groups.jsx';
import { LetterCreate, LetterEdit, LetterList } from './letters.jsx';
import { RecipientCreate, RecipientEdit, RecipientImport, RecipientList } from './recipients.jsx';
import { SenderList } from './senders.jsx';

const group = '/letter/recipient_group';
const recipient = `${group}/:recipientGroupId/recipient`;

export default [
  { path: '/letter', element: <LetterList /> },
  { path: '/letter/add', element: <LetterCreate /> },
  { path: '/letter/:letterId', element: <LetterEdit /> },
  { path: '/letter/:letterId/sender', element: <SenderList /> },
  { path: group, element: <GroupList /> },
  { path: `${group}/add`, element: <GroupCreate /> },
  { path: `${group}/:recipientGroupId`, element: <GroupEdit /> },
  { path: recipient, element: <RecipientList /> },
  { path: `${recipient}/add`, element: <RecipientCreate /> },
  { path: `${recipient}/import`, element: <RecipientImport /> },
  { path: `${recipient}/:recipientId`, element: <RecipientEdit /> },
];

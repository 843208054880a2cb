// The module the shell loads (exposed as ./routes): every screen of SPEC 2.10, and the senders of a letter.
import { resourceRoutes } from '@smogpanel/kit/helpers';
import { GroupCreate, GroupEdit, GroupList } from './groups.jsx';
import { LetterCreate, LetterEdit, LetterList } from './letters.jsx';
import { RecipientCreate, RecipientEdit, RecipientImport, RecipientList } from './recipients.jsx';
import { SenderList } from './senders.jsx';

const recipient = {
  param: 'recipientId',
  list: RecipientList,
  create: RecipientCreate,
  edit: RecipientEdit,
  screens: { import: RecipientImport },
};

export default [
  ...resourceRoutes('/letter', {
    param: 'letterId',
    list: LetterList,
    create: LetterCreate,
    edit: LetterEdit,
    record: { sender: SenderList },
  }),
  // the recipient groups sit beside the letters (/letter/recipient_group), not under one
  ...resourceRoutes('/letter/recipient_group', {
    param: 'recipientGroupId',
    list: GroupList,
    create: GroupCreate,
    edit: GroupEdit,
    children: { recipient },
  }),
];

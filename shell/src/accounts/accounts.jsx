// /account and /account/add: core screens of the shell (accounts are not a plugin).
import { FormScreen, ListScreen, TEXT, useMe } from '@smogpanel/kit';
import { accessSummary } from './access.jsx';
import { isSelf, isSuper, users } from './users.js';

const CRUMB = { label: 'Konta użytkowników', to: '/account' };

export function AccountList() {
  const me = useMe();
  const superAdmin = isSuper(me);
  const columns = [
    { name: 'id', label: 'ID' },
    { name: 'email', label: 'E-mail' },
    { name: 'firstname', label: 'Imię' },
    { name: 'lastname', label: 'Nazwisko' },
    ...(superAdmin
      ? [
          { name: 'super', label: 'Typ', render: (row) => (isSuper(row) ? 'Administrator' : 'Użytkownik') },
          { name: 'role', label: 'Uprawnienia', render: (row) => accessSummary(row) },
        ]
      : []),
    { name: 'updated', label: 'Aktualizacja', type: 'updated' },
  ];
  return (
    <ListScreen
      resource={users}
      crumbs={[CRUMB]}
      columns={columns}
      actions={[{ label: 'Dodaj konto', to: '/account/add' }]}
      rowLinks={
        superAdmin
          ? [{ label: 'Uprawnienia', to: (row) => `/account/${row.id}/access`, shown: (row) => !isSuper(row) }]
          : []
      }
      deletable={superAdmin}
      bulkDelete={false}
      deleteGuard={(row) => (isSelf(me, row) ? TEXT.selfDelete : null)}
    />
  );
}

export const ACCOUNT_WARNING =
  'Uwaga! Nowe konto otrzyma dostęp do całego panelu. Odebrać ten dostęp może wyłącznie superadministrator, ' +
  'a uprawnienia superadministratora nadaje administrator systemu.';

// SPEC 7: POST /user/ {email, firstname, lastname}. Super administrators are made by the system
// administrator (`smogpanel user super EMAIL on`), never in the panel.
const ACCOUNT_FIELDS = [
  { name: 'email', label: 'Adres e-mail', type: 'email', required: true },
  { name: 'firstname', label: 'Imię' },
  { name: 'lastname', label: 'Nazwisko' },
];

export function AccountCreate() {
  return (
    <FormScreen
      resource={users}
      crumbs={[CRUMB, { label: 'Dodawanie konta' }]}
      fields={ACCOUNT_FIELDS}
      back="/account"
      width={6}>
      <div className="alert alert-warning" role="note">
        {ACCOUNT_WARNING}
      </div>
    </FormScreen>
  );
}

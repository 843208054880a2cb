// /account and /account/add: core screens of the shell (accounts are not a plugin).
import { api, ConfirmDialog, FormScreen, ListScreen, TEXT, useMe } from '@smogpanel/kit';
import { useState } from 'react';
import { accessSummary } from './access.jsx';
import { isSelf, isSuper, users } from './users.js';

const CRUMB = { label: 'Konta użytkowników', to: '/account' };

/** Super administrators: 'Wyloguj wszędzie' ends every session of an account (a lost laptop, a
 * leaver), asked first; of one's own account, every session but this one. */
function useSignOutEverywhere() {
  const [asked, setAsked] = useState(null);
  const [outcome, setOutcome] = useState(null);
  async function confirm() {
    const row = asked;
    setAsked(null);
    try {
      const { ended } = await api.post(`/user/${row.id}/sessions/end`);
      setOutcome({ ok: true, text: `Zakończono sesje konta ${row.email}: ${ended}.` });
    } catch (error) {
      const details = (error.errors || []).map((e) => e.description).join(' ');
      setOutcome({ ok: false, text: `${TEXT.error} ${details}`.trim() });
    }
  }
  const link = { label: 'Wyloguj wszędzie', onClick: (row) => setAsked(row) };
  const parts = (
    <>
      {outcome && (
        <div className={`alert ${outcome.ok ? 'alert-success' : 'alert-danger'}`} role="status">
          {outcome.text}
        </div>
      )}
      <ConfirmDialog
        show={asked !== null}
        title="Wylogować wszędzie?"
        body={asked ? `Wszystkie sesje konta ${asked.email} zostaną zakończone.` : ''}
        onConfirm={confirm}
        onCancel={() => setAsked(null)}
      />
    </>
  );
  return [link, parts];
}

export function AccountList() {
  const me = useMe();
  const superAdmin = isSuper(me);
  const [signOutLink, signOutParts] = useSignOutEverywhere();
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
      deletable={superAdmin}
      bulkDelete={false}
      deleteGuard={(row) => (isSelf(me, row) ? TEXT.selfDelete : null)}
      rowLinks={
        superAdmin
          ? [
              { label: 'Uprawnienia', to: (row) => `/account/${row.id}/access`, shown: (row) => !isSuper(row) },
              signOutLink,
            ]
          : []
      }>
      {superAdmin && signOutParts}
    </ListScreen>
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

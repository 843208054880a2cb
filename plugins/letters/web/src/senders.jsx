// Per letter, the residents who asked to send it and how their letters fared (the operator
// sees the senders and the delivery state).
import { Page, StatusBanner, api, formatDate, useItem } from '@smogpanel/kit';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CRUMB } from './letters.jsx';
import { DELIVERY, LIST, letters } from './resources.js';

export function SenderList() {
  const { letterId } = useParams();
  const { item } = useItem(letters, letterId);
  const [state, setState] = useState({ status: 'loading', rows: [], errors: [], personal: true });
  useEffect(() => {
    api.get(`/letter/${letterId}/sender`).then(
      (answer) => setState({ status: 'idle', rows: answer.list, errors: [], personal: answer.personal !== false }),
      (error) => setState({ status: 'error', rows: [], errors: error.errors || [], personal: true }),
    );
  }, [letterId]);
  return (
    <Page
      crumbs={[CRUMB, { label: item ? item.name : 'List', to: `${LIST}/${letterId}` }, { label: 'Nadawcy' }]}
      heading={item ? `Nadawcy listu „${item.name}”` : 'Nadawcy'}
      actions={[{ label: 'Wróć do listy listów', to: LIST, variant: 'btn-outline-secondary' }]}>
      {state.status !== 'idle' && <StatusBanner status={state.status} errors={state.errors} />}
      <p className="text-muted">
        Przechowujemy imię i nazwisko, adres e-mail, treść i czas zgody oraz adres IP nadawcy: niepotwierdzone
        zgłoszenia przez 3 dni, potwierdzone przez okres ustawiony przez administratora (domyślnie 365 dni). Nadawca
        usuwa swoje dane odnośnikiem z e-maila potwierdzającego; administrator poleceniem{' '}
        <code>smogpanel letters forget EMAIL</code>, a kopię danych dla nadawcy daje{' '}
        <code>smogpanel letters export EMAIL</code>.
      </p>
      {!state.personal && (
        <p className="alert alert-info" role="note">
          Imiona, nazwiska i adresy nadawców są ukryte: Twoje konto nie ma uprawnienia „dane nadawców”. Nada je
          superadministrator.
        </p>
      )}
      <table className="table table-sm align-middle">
        <thead>
          <tr>
            <th>ID</th>
            <th>Nadawca</th>
            <th>E-mail</th>
            <th>Zgłoszenie</th>
            <th>Potwierdzenie</th>
            <th>Doręczone</th>
            <th>Stan</th>
          </tr>
        </thead>
        <tbody>
          {state.rows.length === 0 && state.status === 'idle' && (
            <tr>
              <td colSpan={7}>Nikt jeszcze nie wysłał tego listu.</td>
            </tr>
          )}
          {state.rows.map((row) => (
            <tr key={row.id}>
              <td>{row.id}</td>
              <td>{row.name || '—'}</td>
              <td>{row.email || '—'}</td>
              <td>{formatDate(row.created)}</td>
              <td>{row.confirmed ? formatDate(row.confirmed) : '—'}</td>
              <td>
                {row.delivered} z {row.messages}
              </td>
              <td>{DELIVERY[row.state] || row.state}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Link to={LIST}>Listy</Link>
    </Page>
  );
}

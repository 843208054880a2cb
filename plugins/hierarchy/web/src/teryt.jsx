// 'Importuj TERYT': voivodeships, districts and gminy from GUS's TERC file (docs/hierarchy.md),
// through POST /api/hierarchy/import-teryt (import type TERYT_TERC); the report stays on screen.
import { Field, Form, Page, api, useValues } from '@smogpanel/kit';
import { useState } from 'react';
import { voivodeships } from './resources.js';

const LIST = '/voivodeship';
const FIELDS = [
  {
    name: 'file',
    label: 'Plik TERC',
    type: 'file',
    required: true,
    accept: '.csv,.xml,.zip,.xlsx',
    help: 'Plik TERC pobrany ze strony rejestru TERYT GUS: CSV, XML albo archiwum ZIP z jednym z nich.',
  },
  { name: 'dry_run', label: 'Próba bez zapisu (pokaż tylko, co by się zmieniło)', type: 'checkbox' },
  {
    name: 'accept_removals',
    type: 'checkbox',
    label: 'Zgoda na ubytki (importuj, choć z rejestru zniknęłoby więcej jednostek, niż dopuszcza próg)',
  },
  {
    name: 'retire_gone',
    type: 'checkbox',
    label: 'Wycofaj jednostki, których nie ma już w rejestrze, jeśli nic się do nich nie odwołuje',
  },
];
const LEVEL = { voivodeship: 'województwo', district: 'powiat', borough: 'gmina' };

function Changes({ title, items, total }) {
  if (!total) return null;
  return (
    <>
      <p className="mb-1 mt-2 fw-semibold">
        {title} ({total}):
      </p>
      <ul className="mb-0 small">
        {items.map((item) => (
          <li key={`${item.level}-${item.teryt}`}>
            {LEVEL[item.level]} {item.teryt}: {item.old_name ? `„${item.old_name}” → ` : ''}„{item.name}”
            {item.reasons ? ` (${item.reasons.join('; ')})` : ''}
            {item.old_name_teryt && ` (nazwa „${item.old_name}” ma w rejestrze kod ${item.old_name_teryt})`}
          </li>
        ))}
        {total > items.length && <li>…i {total - items.length} innych.</li>}
      </ul>
    </>
  );
}

export function TerytReport({ report }) {
  const { changes } = report;
  return (
    <div className="alert alert-info" role="status" data-testid="teryt-report">
      <p className="mb-1 fw-semibold">
        {report.dry_run ? 'Próba bez zapisu: nic nie zapisano.' : 'Import zakończony.'}
      </p>
      <ul className="mb-0">
        <li>Dodano: {report.added}</li>
        <li>Zmieniono nazwę: {report.renamed}</li>
        {report.renamed_recoded > 0 && <li>Zmieniono nazwę i kod naraz (sprawdź): {report.renamed_recoded}</li>}
        <li>Nadano kod TERYT istniejącym: {report.coded}</li>
        <li>Bez zmian: {report.unchanged}</li>
        <li>Nie ma już w rejestrze (pozostawione): {report.gone}</li>
        {report.deleted_here > 0 && <li>Usunięte w panelu (pominięte): {report.deleted_here}</li>}
        {report.retired + report.kept > 0 && <li>Wycofano: {report.retired}</li>}
        {report.retired + report.kept > 0 && <li>Zostawiono (są odwołania): {report.kept}</li>}
      </ul>
      {report.renamed_recoded > 0 && (
        <p className="mb-1 mt-2 text-danger fw-semibold">
          Uwaga: jednostki poniżej zmieniły naraz nazwę i kod (ich dawna nazwa ma w rejestrze inny kod). Zachowały swoje
          wartości w rankingach i wyszukiwarkach – sprawdź, czy należą do nowej nazwy.
        </p>
      )}
      <Changes title="Zmiana nazwy i kodu naraz" items={changes.renamed_recoded || []} total={report.renamed_recoded} />
      <Changes title="Zmiany nazw" items={changes.renamed} total={report.renamed} />
      <Changes title="Nie ma już w rejestrze" items={changes.gone} total={report.gone} />
      <Changes title="Wycofano" items={changes.retired} total={report.retired} />
      <Changes title="Zostawiono, bo coś się do nich odwołuje" items={changes.kept} total={report.kept} />
    </div>
  );
}

export function TerytImport() {
  const [values, set] = useValues(() => ({ file: null, dry_run: 0, accept_removals: 0, retire_gone: 0 }));
  const [report, setReport] = useState(null);

  async function send() {
    setReport(null);
    const result = await voivodeships.run('import', () =>
      api.post('/hierarchy/import-teryt', { type: 'TERYT_TERC', ...values }),
    );
    if (result.ok) setReport(result.payload);
    return result;
  }

  return (
    <Page crumbs={[{ label: 'Województwa', to: LIST }, { label: 'Import z rejestru TERYT' }]}>
      <div className="alert alert-secondary" role="note">
        Wczytuje województwa, powiaty i gminy z kodami TERYT z pliku „TERC urzędowy” (całego kraju). Jednostki z pliku
        są dodawane albo zmieniane według kodu; tych, których nie ma już w rejestrze, nie usuwa się, chyba że zaznaczysz
        wycofanie: wtedy znikają te, do których nie odwołuje się żaden ranking, wyszukiwarka ani element.
      </div>
      <div className="col-12 col-lg-8">
        <Form onSubmit={send} submitLabel="Importuj" cancelTo={LIST} cancelLabel="Wróć do listy województw">
          {FIELDS.map((field) => (
            <Field key={field.name} field={field} value={values[field.name]} onChange={set(field.name)} />
          ))}
        </Form>
        {report && <TerytReport report={report} />}
      </div>
    </Page>
  );
}

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

const retiring = (report) => report.retired + report.kept > 0;
// [count, label, shown when] of a finished import and of a dry run (nothing written: what would happen).
const DONE_LINES = [
  ['added', 'Dodano'],
  ['renamed', 'Zmieniono nazwę'],
  ['renamed_recoded', 'Zmieniono nazwę i kod naraz (sprawdź)', (report) => report.renamed_recoded > 0],
  ['coded', 'Nadano kod TERYT istniejącym'],
  ['unchanged', 'Bez zmian'],
  ['gone', 'Nie ma już w rejestrze (pozostawione)'],
  ['deleted_here', 'Usunięte w panelu (pominięte)', (report) => report.deleted_here > 0],
  ['retired', 'Wycofano', retiring],
  ['kept', 'Zostawiono (są odwołania)', retiring],
];
const DRY_RUN_LINES = [
  ['added', 'Zostanie dodanych'],
  ['renamed', 'Zmieni nazwę'],
  ['renamed_recoded', 'Zmieni nazwę i kod naraz (sprawdź)', (report) => report.renamed_recoded > 0],
  ['coded', 'Otrzyma kod TERYT (istniejące)'],
  ['unchanged', 'Bez zmian'],
  ['gone', 'Nie ma już w rejestrze (zostaną)'],
  ['deleted_here', 'Usunięte w panelu (zostaną pominięte)', (report) => report.deleted_here > 0],
  ['retired', 'Zostanie wycofanych', retiring],
  ['kept', 'Zostanie (są odwołania)', retiring],
];

/** '2 %', '0,5 %': the share of gone units an import accepts without consent. */
export const percent = (value) => `${String(value).replace('.', ',')}\u00a0%`;

export function TerytReport({ report }) {
  const { changes } = report;
  const dry = Boolean(report.dry_run);
  const threshold =
    report.max_gone_percent !== undefined && report.max_gone_percent !== null
      ? ` (bez zgody na ubytki dopuszczalne do ${percent(report.max_gone_percent)} jednostek z kodem)`
      : '';
  return (
    <div className="alert alert-info" role="status" data-testid="teryt-report">
      <p className="mb-1 fw-semibold">
        {dry ? 'Próba bez zapisu: nic nie zapisano. Import zrobiłby to:' : 'Import zakończony.'}
      </p>
      <ul className="mb-0">
        {(dry ? DRY_RUN_LINES : DONE_LINES)
          .filter(([, , shown]) => !shown || shown(report))
          .map(([key, label]) => (
            <li key={key}>
              {label}: {report[key]}
              {key === 'gone' && threshold}
            </li>
          ))}
      </ul>
      {report.renamed_recoded > 0 && (
        <p className="mb-1 mt-2 text-danger fw-semibold">
          Uwaga: jednostki poniżej zmieniły naraz nazwę i kod (ich dawna nazwa ma w rejestrze inny kod). Zachowały swoje
          wartości w rankingach i wyszukiwarkach – sprawdź, czy należą do nowej nazwy.
        </p>
      )}
      <Changes title="Zmiana nazwy i kodu naraz" items={changes.renamed_recoded || []} total={report.renamed_recoded} />
      <Changes title="Zmiany nazw" items={changes.renamed} total={report.renamed} />
      <Changes
        title={dry ? 'Otrzymają kod TERYT (wpisane ręcznie, np. w danych demonstracyjnych)' : 'Nadano kod TERYT'}
        items={changes.coded || []}
        total={report.coded}
      />
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

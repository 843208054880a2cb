// What the import forms share: the warning of SPEC 5 with the template link, and the report
// of what was imported and skipped, shown on the list the form returns to.
import { REQUIRED_ENTRIES } from './resources.js';

export function ImportWarning({ type, definition }) {
  const gminy = type === 'RB_XLS';
  return (
    <div className="alert alert-warning" role="note">
      {gminy ? (
        <p className="mb-1">
          Plik: kolumny Gmina, Powiat, Województwo, opcjonalnie Kod TERYT, Wartość, Punkty i Miejsce (tylko przy zablokowanym
          przeliczaniu miejsc). Każda gmina musi istnieć w hierarchii – nieznana gmina przerywa import.
        </p>
      ) : (
        <p className="mb-1">
          {definition ? 'Import wymaga pozycji' : 'Wartości trafią do pozycji o nazwach kolumn'}: {REQUIRED_ENTRIES.map((name) => `„${name}”`).join(', ')}.
          {' '}Brakujące zostaną wymienione po imporcie.
        </p>
      )}
      <a href={`/api/import/${type}/template`} download>Pobierz szablon pliku {type}</a>
    </div>
  );
}

export function ImportReport({ report }) {
  return (
    <div className="alert alert-info" role="status">
      <p className="mb-1">Zaimportowano: nowe wartości {report.created}, zmienione {report.updated}.</p>
      {report.skipped.length > 0 && (
        <>
          <p className="mb-1">Pominięto:</p>
          <ul className="mb-0">{report.skipped.map((item, index) => <li key={index}>{item.description}</li>)}</ul>
        </>
      )}
    </div>
  );
}

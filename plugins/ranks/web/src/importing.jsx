// What the import forms share: the warning of SPEC 5 with the template link, and the report
// of what was imported and skipped, shown on the list the form returns to.
import { ImportReport as Report, TemplateLink } from '@smogpanel/kit';
import { REQUIRED_ENTRIES } from './resources.js';

export function ImportWarning({ type, definition }) {
  const gminy = type === 'RB_XLS';
  return (
    <div className="alert alert-warning" role="note">
      {gminy ? (
        <p className="mb-1">
          Plik: kolumny Gmina, Powiat, Województwo, opcjonalnie Kod TERYT, Wartość, Punkty i Miejsce (tylko przy
          zablokowanym przeliczaniu miejsc). Każda gmina musi istnieć w hierarchii – nieznana gmina przerywa import.
        </p>
      ) : (
        <p className="mb-1">
          {definition ? 'Import wymaga pozycji' : 'Wartości trafią do pozycji o nazwach kolumn'}:{' '}
          {REQUIRED_ENTRIES.map((name) => `„${name}”`).join(', ')}. Brakujące zostaną wymienione po imporcie.
        </p>
      )}
      <TemplateLink type={type} />
    </div>
  );
}

export function ImportReport({ report }) {
  return (
    <Report
      summary={`Zaimportowano: nowe wartości ${report.created}, zmienione ${report.updated}.`}
      skipped={report.skipped}
      skippedHeading="Pominięto:"
    />
  );
}

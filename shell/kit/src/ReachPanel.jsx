// 'Zasięg': where and how often the public widgets are seen (GET /api/reach/, docs/embeds.md):
// views per day as a line (the shared SVG chart module the widgets draw with), the embedding
// sites, the funnel of a kind that declares one (a letter: form shown, request sent, address
// confirmed), the widgets most seen, and the export. One record's (`kind`, `id`: beside
// 'Historia' on its edit screen) or the whole panel's (the 'Zasięg' screen). Loaded on demand.
import { useCallback, useEffect, useRef, useState } from 'react';
import { CHART_CSS, PALETTE, formatNumber, mountChart } from '@smogpanel/embeds/charts';
import { api, http } from './api.js';
import { StatusBanner } from './StatusBanner.jsx';

const EMPTY = { from: '', to: '' };

/** The query of GET /api/reach/ for a record (or none) and the days chosen (empty ones left out). */
export function reachQuery({ kind, id }, days) {
  const query = Object.fromEntries(Object.entries(days).filter(([, value]) => value));
  if (kind) query.kind = kind;
  if (id) query.record_id = id;
  return query;
}

/** '2026-11-26' as the axis shows it: '26.11'. */
const shortDay = (day) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;

function ViewsChart({ days }) {
  const container = useRef(null);
  useEffect(() => {
    const node = container.current;
    if (!node) return undefined;
    node.textContent = '';
    const style = document.createElement('style');
    style.textContent = CHART_CSS;
    node.appendChild(style);
    const chart = document.createElement('div');
    node.appendChild(chart);
    return mountChart(chart, 'line', {
      label: 'Wyświetlenia dziennie',
      categories: days.map((day) => shortDay(day.day)),
      names: days.map((day) => day.day),
      series: [{ name: 'Wyświetlenia', color: PALETTE[0], values: days.map((day) => day.views) }],
      unit: '',
    });
  }, [days]);
  return <div ref={container} className="mb-3" data-testid="reach-chart" />;
}

function saveBlob(response, fallback) {
  const named = /filename="([^"]+)"/.exec(response.headers['content-disposition'] || '');
  const link = document.createElement('a');
  link.href = URL.createObjectURL(response.data);
  link.download = named ? named[1] : fallback;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

function Table({ caption, head, rows }) {
  return (
    <table className="table table-sm w-auto">
      <caption className="caption-top">{caption}</caption>
      <thead>
        <tr>
          {head.map((text, index) => (
            <th key={text} scope="col" className={index ? 'text-end' : ''}>
              {text}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([key, ...cells]) => (
          <tr key={key}>
            {cells.map((cell, index) => (
              <td key={index} className={index ? 'text-end' : ''}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function ReachPanel({ kind = '', id = 0, headingLevel = 2 }) {
  const [days, setDays] = useState(EMPTY);
  const [state, setState] = useState({ loading: true, figures: null, errors: [] });
  const [outcome, setOutcome] = useState({ status: 'idle', errors: [] });
  const record = { kind, id };
  const query = reachQuery(record, days);
  const key = JSON.stringify(query);

  const load = useCallback(() => {
    setState((previous) => ({ ...previous, loading: true }));
    api.get('/reach/', JSON.parse(key)).then(
      (figures) => setState({ loading: false, figures, errors: [] }),
      (error) => setState({ loading: false, figures: null, errors: error.errors || [], failed: true }),
    );
  }, [key]);
  useEffect(() => {
    load();
  }, [load]);

  async function exportAs(format) {
    setOutcome({ status: 'loading', errors: [] });
    try {
      const response = await http.get('/reach/export', { params: { ...query, format }, responseType: 'blob' });
      saveBlob(response, `zasieg.${format}`);
      setOutcome({ status: 'idle', errors: [] });
    } catch (error) {
      let errors = [];
      try {
        errors = JSON.parse(await error.response.data.text()).errors || [];
      } catch {
        // no envelope to read: the generic message
      }
      setOutcome({ status: 'error', errors });
    }
  }

  const Heading = `h${headingLevel}`;
  const figures = state.figures;
  return (
    <section className="card mb-3" aria-labelledby="reach-title">
      <div className="card-body">
        <Heading id="reach-title" className="h5">
          Zasięg
        </Heading>
        <p className="small text-body-secondary">
          Wyświetlenia widżetów dzień po dniu i strony, na których je osadzono (tylko adres strony głównej, bez
          ciasteczek i bez danych czytelników). Liczby zapisują się co minutę.
        </p>
        <div className="row g-2 align-items-end mb-3">
          <div className="col-auto">
            <label htmlFor="reach-from" className="form-label">
              Od dnia
            </label>
            <input
              id="reach-from"
              type="date"
              className="form-control form-control-sm"
              value={days.from}
              onChange={(event) => setDays({ ...days, from: event.target.value })}
            />
          </div>
          <div className="col-auto">
            <label htmlFor="reach-to" className="form-label">
              Do dnia
            </label>
            <input
              id="reach-to"
              type="date"
              className="form-control form-control-sm"
              value={days.to}
              onChange={(event) => setDays({ ...days, to: event.target.value })}
            />
          </div>
          <div className="col-auto">
            <button type="button" className="btn btn-sm btn-outline-secondary me-2" onClick={() => exportAs('xlsx')}>
              Pobierz .xlsx
            </button>
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => exportAs('csv')}>
              Pobierz .csv
            </button>
          </div>
        </div>
        <StatusBanner {...(state.failed ? { status: 'error', errors: state.errors } : outcome)} />
        {state.loading && !figures && <p className="mb-0">Wczytywanie...</p>}
        {figures && (
          <>
            <p>
              Wyświetlenia od {figures.from} do {figures.to}: <strong>{formatNumber(figures.views) || '0'}</strong>
            </p>
            <ViewsChart days={figures.days} />
            {figures.funnel.length > 0 && (
              <Table
                caption="Lejek"
                head={['Krok', 'Liczba']}
                rows={figures.funnel.map((step) => [step.event, step.label, formatNumber(step.count) || '0'])}
              />
            )}
            {figures.sites.length ? (
              <Table
                caption="Strony, na których oglądano widżety"
                head={['Strona', 'Wyświetlenia']}
                rows={figures.sites.map((site) => [site.site || '-', site.label, formatNumber(site.views)])}
              />
            ) : (
              <p>W tym okresie nikt nie oglądał widżetów.</p>
            )}
            {!id && figures.records.length > 0 && (
              <Table
                caption="Najczęściej oglądane widżety"
                head={['Widżet', 'Wyświetlenia']}
                rows={figures.records.map((row) => [
                  `${row.kind}-${row.record_id}`,
                  `${row.kind_label}: ${row.name || row.record_id}`,
                  formatNumber(row.views),
                ])}
              />
            )}
          </>
        )}
      </div>
    </section>
  );
}

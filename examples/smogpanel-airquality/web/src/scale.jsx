// /airquality: GIOŚ's air-quality index categories as the item type 'Jakość powietrza' shows
// them (its badge's label and colour), and where its values come from. Built only on the kit.
import { Page } from '@smogpanel/kit';

// The same categories and colours as smogpanel_airquality/gios.py (LEVELS, NO_INDEX).
export const LEVELS = [
  [0, 'Bardzo dobry', '#57b108'],
  [1, 'Dobry', '#b0dd10'],
  [2, 'Umiarkowany', '#ffd911'],
  [3, 'Dostateczny', '#e58100'],
  [4, 'Zły', '#e50000'],
  [5, 'Bardzo zły', '#990000'],
  [-1, 'Brak indeksu', '#9e9e9e'],
];

export function IndexScale() {
  return (
    <Page crumbs={[{ label: 'Jakość powietrza' }]} heading="Indeks jakości powietrza GIOŚ">
      <p>
        Elementy typu „Jakość powietrza” pokazują indeks, PM10 i PM2,5 ze stacji pomiarowej GIOŚ (Państwowy Monitoring
        Środowiska), odczytywane przez integrację „GIOŚ: jakość powietrza”. Indeks ma te kategorie:
      </p>
      <table className="table table-sm w-auto">
        <caption>Kategorie indeksu jakości powietrza</caption>
        <thead>
          <tr>
            <th scope="col">Wartość indeksu</th>
            <th scope="col">Kategoria</th>
          </tr>
        </thead>
        <tbody>
          {LEVELS.map(([level, label, color]) => (
            <tr key={level}>
              <td>{level < 0 ? 'brak' : level}</td>
              <td>
                <span
                  className="d-inline-block me-2 border"
                  style={{ width: '1em', height: '1em', background: color }}
                />
                {label}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Page>
  );
}

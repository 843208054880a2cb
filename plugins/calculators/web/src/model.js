// The heating-cost model of docs/calculators.md, shared by the public widget and the admin
// preview. Pure functions over the definition as the public payload carries it:
// [{name, definitions: [{name, value: "decimal string"}]}].

export const STANDARDS_TYPE = 'Standard budynku';
const KWH_PER_GJ = 1000 / 3.6;
// Costs are money: kept in whole grosze, so equal costs compare equal despite float noise.
const toGrosz = (value) => Math.round((value + Number.EPSILON) * 100) / 100;

// The prices a source may give, in the order they are looked for: the definition holding
// the calorific value (if any), the fuel's unit and the kWh in one unit of fuel.
export const PRICES = [
  { price: 'cena_za_tone', calorific: 'wartosc_opalowa_gj_t', unit: 't', kwhPerUnit: (c) => c * KWH_PER_GJ },
  { price: 'cena_za_m3', calorific: 'wartosc_opalowa_kwh_m3', unit: 'm³', kwhPerUnit: (c) => c },
  { price: 'cena_za_litr', calorific: 'wartosc_opalowa_kwh_l', unit: 'l', kwhPerUnit: (c) => c },
  { price: 'cena_za_gj', calorific: null, unit: 'GJ', kwhPerUnit: () => KWH_PER_GJ },
  { price: 'cena_za_kwh', calorific: null, unit: 'kWh', kwhPerUnit: () => 1 },
];

/** A definition's name as the panel and the widget show it: underscores as spaces (SPEC 5). */
export const spaced = (name) => String(name).replace(/_/g, ' ');

function numbers(type) {
  const values = {};
  for (const definition of type.definitions || []) {
    const value = Number(definition.value);
    if (definition.value !== null && definition.value !== '' && Number.isFinite(value)) values[definition.name] = value;
  }
  return values;
}

const isStandards = (type) => type.name.trim().toLowerCase() === STANDARDS_TYPE.toLowerCase();

/**
 * Reads a definition into what the model computes with:
 * {standards: [{name, label, demand}], sources: [{name, efficiency, price, unit, kwhPerUnit,
 * fixed, investment, subsidy}], problems: ['Polish text', ...]} — a source lacking a needed
 * definition is left out and named in `problems` (the admin preview shows them).
 */
export function readDefinition(types) {
  const standards = [];
  const sources = [];
  const problems = [];
  let standardsSeen = false;
  for (const type of types || []) {
    const values = numbers(type);
    if (isStandards(type)) {
      standardsSeen = true;
      for (const [name, demand] of Object.entries(values)) {
        if (demand > 0) standards.push({ name, label: spaced(name), demand });
        else problems.push(`${type.name}: „${spaced(name)}” musi być większe od zera.`);
      }
      continue;
    }
    const missing = [];
    if (!(values.sprawnosc > 0)) missing.push('sprawnosc');
    const pricing = PRICES.find((p) => values[p.price] !== undefined);
    if (!pricing) missing.push(PRICES.map((p) => p.price).join(' albo '));
    else if (pricing.calorific && !(values[pricing.calorific] > 0)) missing.push(pricing.calorific);
    if (missing.length) {
      problems.push(
        `${type.name}: brak definicji ${missing.map((m) => `„${m}”`).join(', ')} (albo wartość nie jest większa od zera).`,
      );
      continue;
    }
    sources.push({
      name: type.name,
      efficiency: values.sprawnosc,
      price: values[pricing.price],
      unit: pricing.unit,
      kwhPerUnit: pricing.kwhPerUnit(pricing.calorific ? values[pricing.calorific] : 0),
      fixed: values.oplaty_stale || 0,
      investment: values.koszt_inwestycji,
      subsidy: values.dotacja || 0,
    });
  }
  if (!standardsSeen)
    problems.push(`Brak typu „${STANDARDS_TYPE}” ze standardami budynku (zapotrzebowanie w kWh na m² rocznie).`);
  else if (!standards.length) problems.push(`Typ „${STANDARDS_TYPE}” nie ma żadnego standardu budynku.`);
  if (!sources.length) problems.push('Brak kompletnego źródła ciepła: widżet nie ma czego porównać.');
  return { standards, sources, problems };
}

/**
 * The yearly figures for `area` m² of standard `standard` (one of readDefinition's), current
 * source `current` (a source name) and the refund ticked or not. Rows sorted by yearly cost,
 * cheapest first (equal costs keep the definition's order).
 */
export function compute({ sources }, { area, standard, current, refund }) {
  const demand = area * standard.demand;
  const rows = sources.map((source, order) => {
    const energy = demand / source.efficiency;
    const fuel = energy / source.kwhPerUnit;
    return {
      name: source.name,
      order,
      energy,
      fuel,
      unit: source.unit,
      cost: toGrosz(fuel * source.price + source.fixed),
      source,
    };
  });
  const currentRow = rows.find((row) => row.name === current);
  for (const row of rows) {
    row.current = row === currentRow;
    if (!refund || row.current || !currentRow) continue;
    const { investment, subsidy } = row.source;
    if (investment === undefined) {
      row.payback = { known: false };
      continue;
    }
    const granted = Math.min(subsidy, investment);
    const saving = toGrosz(currentRow.cost - row.cost);
    row.payback = {
      known: true,
      investment,
      subsidy: granted,
      net: investment - granted,
      saving,
      years: saving > 0 ? (investment - granted) / saving : null,
    };
  }
  rows.sort((a, b) => a.cost - b.cost || a.order - b.order);
  return { demand, rows };
}

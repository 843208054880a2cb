// The calculators' list, and the add and edit forms with the widget's preview beside them.
import {
  FormScreen,
  ImportReport,
  ListScreen,
  publicLinkColumn,
  useEmbedAction,
  useImportReport,
  useResourceState,
} from '@smogpanel/kit';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { WidgetPreview } from './preview.jsx';
import {
  DEFINITION_IMPORT,
  DEFINITION_SET,
  LIST,
  calculators,
  definition,
  fields,
  initialValues,
  loadDefinition,
  toPayload,
  typeLabel,
} from './resources.js';

export const CRUMB = { label: 'Kalkulatory', to: LIST };

export function CalculatorList() {
  const embed = useEmbedAction('calculator', { noun: 'Kalkulator', defaultSize: 800 });
  const report = useImportReport();
  return (
    <ListScreen
      resource={calculators}
      crumbs={[CRUMB]}
      actions={[
        { label: 'Dodaj kalkulator', to: `${LIST}/add` },
        { label: 'Ustaw definicję kalkulatorów', to: DEFINITION_SET },
        { label: 'Importuj definicję', to: DEFINITION_IMPORT },
      ]}
      columns={[
        { name: 'id', label: 'ID' },
        { name: 'name', label: 'Nazwa' },
        publicLinkColumn('calculator', 'Publiczny widok kalkulatora'),
        { name: 'calculator_type_name', label: 'Typ', render: (row) => typeLabel(row.calculator_type_name) },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[embed.action, { label: 'Edytuj', to: (row) => `${LIST}/${row.id}` }]}
      deletable>
      {/* after a definition import (the list is where it returns, SPEC 2.1): what it wrote and its notes */}
      {report && (
        <ImportReport
          summary={`Zaimportowano definicję (${report.label}): typy ${(report.types || []).length}, definicje ${report.created}.`}
          skipped={report.skipped}
          skippedHeading="Uwagi do importu:"
        />
      )}
      {embed.dialog}
    </ListScreen>
  );
}

/** The widget as the values would show it, with the shared definition (loaded on entering). */
function Preview({ values }) {
  const { types } = useResourceState(definition);
  useEffect(() => {
    loadDefinition();
  }, []);
  return <WidgetPreview calculator={values} types={types} />;
}

const form = {
  resource: calculators,
  valuesOf: initialValues,
  toPayload: (values, { editing }) => toPayload(values, editing),
  back: LIST,
  fields: (values) => fields.filter((f) => f.name !== 'refund_checkbox' || Number(values.show_refund)),
  width: 'col-12 col-xl-5',
  asideWidth: 'col-12 col-xl-7',
  aside: (values) => <Preview values={values} />,
};

export function CalculatorCreate() {
  return <FormScreen {...form} crumbs={[CRUMB, { label: 'Dodawanie kalkulatora' }]} />;
}

export function CalculatorEdit() {
  const { calculatorId } = useParams();
  return <FormScreen {...form} id={calculatorId} crumbs={[CRUMB, { label: 'Edycja kalkulatora' }]} />;
}

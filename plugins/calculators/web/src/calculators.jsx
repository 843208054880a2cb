// The calculators' list, and the add and edit forms with the widget's preview beside them.
import { ImportReport, publicLinkColumn, useEmbedAction, useImportReport, useResourceState } from '@smogpanel/kit';
import { SchemaFormScreen, SchemaListScreen, useFormDescription } from '@smogpanel/kit/helpers';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { WidgetPreview } from './preview.jsx';
import {
  DEFINITION_IMPORT,
  DEFINITION_SET,
  LIST,
  calculators,
  definition,
  calculatorForm,
  calculatorPayload,
  loadDefinition,
  typeLabels,
} from './resources.js';

export const CRUMB = { label: 'Kalkulatory', to: LIST };

export function CalculatorList() {
  const embed = useEmbedAction('calculator', { noun: 'Kalkulator', defaultSize: 800 });
  const { description } = useFormDescription('calculator');
  const types = description ? typeLabels(description) : {};
  const report = useImportReport();
  return (
    <SchemaListScreen
      resource={calculators}
      crumbs={[CRUMB]}
      actions={[
        { label: 'Dodaj kalkulator', to: `${LIST}/add` },
        { label: 'Ustaw definicję kalkulatorów', to: DEFINITION_SET },
        { label: 'Importuj definicję', to: DEFINITION_IMPORT },
      ]}
      columns={[
        { name: 'id', label: 'ID' },
        { name: 'name' },
        publicLinkColumn('calculator', 'Publiczny widok kalkulatora'),
        {
          name: 'calculator_type_name',
          label: 'Typ',
          render: (row) => types[row.calculator_type_name] || row.calculator_type_name,
        },
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
    </SchemaListScreen>
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
  form: calculatorForm,
  toPayload: calculatorPayload,
  back: LIST,
  width: 'col-12 col-xl-5',
  asideWidth: 'col-12 col-xl-7',
  aside: (values) => <Preview values={values} />,
};

export function CalculatorCreate() {
  return <SchemaFormScreen {...form} crumbs={[CRUMB, { label: 'Dodawanie kalkulatora' }]} />;
}

export function CalculatorEdit() {
  const { calculatorId } = useParams();
  return <SchemaFormScreen {...form} id={calculatorId} crumbs={[CRUMB, { label: 'Edycja kalkulatora' }]} />;
}

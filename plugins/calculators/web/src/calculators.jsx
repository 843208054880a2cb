// The calculators' list, and the add and edit forms with the widget's preview beside them.
import { EditLoader, Field, Form, ImportReport, ListScreen, Page, publicLinkColumn, useEmbedAction, useImportReport, useResourceState, useValues } from '@smogpanel/kit';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { WidgetPreview } from './preview.jsx';
import {
  DEFINITION_IMPORT, DEFINITION_SET, LIST, calculators, definition, fields, initialValues, loadDefinition, toPayload, typeLabel,
} from './resources.js';

export const CRUMB = { label: 'Kalkulatory', to: LIST };

export function CalculatorList() {
  const embed = useEmbedAction('calculator', { noun: 'Kalkulator', defaultSize: 800 });
  const report = useImportReport();
  return (
    <ListScreen resource={calculators} crumbs={[CRUMB]}
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
        <ImportReport summary={`Zaimportowano definicję (${report.label}): typy ${(report.types || []).length}, definicje ${report.created}.`}
          skipped={report.skipped} skippedHeading="Uwagi do importu:" />
      )}
      {embed.dialog}
    </ListScreen>
  );
}

function CalculatorForm({ id, item }) {
  const navigate = useNavigate();
  const editing = Boolean(id);
  const [values, set] = useValues(() => initialValues(item));
  const { types } = useResourceState(definition);
  useEffect(() => { loadDefinition(); }, []);
  const send = () => (editing ? calculators.edit(id, toPayload(values, true)) : calculators.add(toPayload(values, false)));
  return (
    <div className="row g-4">
      <div className="col-12 col-xl-5">
        <Form onSubmit={send} onDone={() => navigate(LIST)}
          cancelTo={LIST}>
          {fields.filter((f) => f.name !== 'refund_checkbox' || Number(values.show_refund)).map((field) => (
            <Field key={field.name} field={editing && field.createOnly ? { ...field, disabled: true, required: false } : field}
              value={values[field.name]} onChange={set(field.name)} />
          ))}
        </Form>
      </div>
      <div className="col-12 col-xl-7">
        <WidgetPreview calculator={values} types={types} />
      </div>
    </div>
  );
}

export function CalculatorCreate() {
  return (
    <Page crumbs={[CRUMB, { label: 'Dodawanie kalkulatora' }]}>
      <CalculatorForm />
    </Page>
  );
}

export function CalculatorEdit() {
  const { calculatorId } = useParams();
  return (
    <Page crumbs={[CRUMB, { label: 'Edycja kalkulatora' }]}>
      <EditLoader resource={calculators} id={calculatorId}>
        {(item) => <CalculatorForm key={calculatorId} id={calculatorId} item={item} />}
      </EditLoader>
    </Page>
  );
}

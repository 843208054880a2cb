// @smogpanel/kit/helpers: what the plugins' screens would otherwise repeat. Not shared through
// module federation (each remote bundles the few it uses, so the shell's first load does not
// grow): every module here takes the shared kit's state, client and blocks from '@smogpanel/kit'.
export { useParentCrumbs } from './crumbs.jsx';
export { resourceRoutes } from './routes.js';
export { internalNameField } from './fields.js';
export { loadVoivodeships, forgetVoivodeships, useVoivodeships } from './voivodeships.js';
export { useRegionScope } from './regionScope.js';
export {
  SchemaFormScreen,
  SchemaListScreen,
  schemaColumns,
  fieldOf,
  knowForms,
  loadForm,
  optionsOf,
  payloadOfFields,
  registerWidget,
  schemaFields,
  useFormDescription,
  valuesOfFields,
} from './schemaForm.jsx';
export { rowsWidget } from './rowsWidget.jsx';
export { GMINA_COLUMNS, gminaOf } from './placeWidgets.jsx';

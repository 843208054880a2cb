// The module the shell loads (exposed as ./routes): the screens of SPEC 2.8.
import { resourceRoutes } from '@smogpanel/kit/helpers';
import { CalculatorCreate, CalculatorEdit, CalculatorList } from './calculators.jsx';
import { DefinitionImport, DefinitionSet } from './definition.jsx';

export default resourceRoutes('/calculator', {
  param: 'calculatorId',
  list: CalculatorList,
  create: CalculatorCreate,
  edit: CalculatorEdit,
  screens: { 'definition/set': DefinitionSet, 'definition/import': DefinitionImport },
});

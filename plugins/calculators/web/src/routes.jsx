// The module the shell loads (exposed as ./routes): the screens of SPEC 2.8.
import { CalculatorCreate, CalculatorEdit, CalculatorList } from './calculators.jsx';
import { DefinitionImport, DefinitionSet } from './definition.jsx';

export default [
  { path: '/calculator', element: <CalculatorList /> },
  { path: '/calculator/add', element: <CalculatorCreate /> },
  { path: '/calculator/definition/set', element: <DefinitionSet /> },
  { path: '/calculator/definition/import', element: <DefinitionImport /> },
  { path: '/calculator/:calculatorId', element: <CalculatorEdit /> },
];

// The module the shell loads (exposed as ./routes): the screens of SPEC 2.11.
import { ItemCreate, ItemEdit, ItemList } from './items.jsx';

export default [
  { path: '/item', element: <ItemList /> },
  { path: '/item/add', element: <ItemCreate /> },
  { path: '/item/:itemId', element: <ItemEdit /> },
];

// The module the shell loads (exposed as ./routes): the screens of SPEC 2.11.
import { resourceRoutes } from '@smogpanel/kit/helpers';
import { ItemCreate, ItemEdit, ItemList } from './items.jsx';

export default resourceRoutes('/item', { param: 'itemId', list: ItemList, create: ItemCreate, edit: ItemEdit });

// The module the shell loads (exposed as ./routes): every screen of SPEC 2.3.
import { resourceRoutes } from '@smogpanel/kit/helpers';
import { CheckpointCreate, CheckpointEdit, CheckpointList } from './checkpoints.jsx';
import { CheckpointImport } from './import.jsx';
import { MapCreate, MapEdit } from './mapForm.jsx';
import { MapList } from './maps.jsx';

const checkpoint = {
  param: 'checkpointId',
  list: CheckpointList,
  create: CheckpointCreate,
  edit: CheckpointEdit,
  screens: { import: CheckpointImport },
};

export default resourceRoutes('/map', {
  param: 'mapId',
  list: MapList,
  create: MapCreate,
  edit: MapEdit,
  children: { checkpoint },
});

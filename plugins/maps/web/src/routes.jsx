// The module the shell loads (exposed as ./routes): every screen of SPEC 2.3.
import { CheckpointCreate, CheckpointEdit, CheckpointList } from './checkpoints.jsx';
import { CheckpointImport } from './import.jsx';
import { MapCreate, MapEdit } from './mapForm.jsx';
import { MapList } from './maps.jsx';

const checkpoint = '/map/:mapId/checkpoint';

export default [
  { path: '/map', element: <MapList /> },
  { path: '/map/add', element: <MapCreate /> },
  { path: '/map/:mapId', element: <MapEdit /> },
  { path: checkpoint, element: <CheckpointList /> },
  { path: `${checkpoint}/add`, element: <CheckpointCreate /> },
  { path: `${checkpoint}/import`, element: <CheckpointImport /> },
  { path: `${checkpoint}/:checkpointId`, element: <CheckpointEdit /> },
];

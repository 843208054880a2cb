// The module the shell loads (exposed as ./routes): every screen of SPEC 2.5.
// Contract: docs/frontend.md. Parameters named ...Id are checked numeric by the shell.
import { resourceRoutes } from '@smogpanel/kit/helpers';
import { AllBoroughsList, BoroughCreate, BoroughEdit, BoroughList } from './borough.jsx';
import { DistrictCreate, DistrictEdit, DistrictList } from './district.jsx';
import { TerytImport } from './teryt.jsx';
import { VoivodeshipCreate, VoivodeshipEdit, VoivodeshipList } from './voivodeship.jsx';

const borough = { param: 'boroughId', list: BoroughList, create: BoroughCreate, edit: BoroughEdit };
const district = { param: 'districtId', list: DistrictList, create: DistrictCreate, edit: DistrictEdit };

export default resourceRoutes('/voivodeship', {
  param: 'voivodeshipId',
  list: VoivodeshipList,
  create: VoivodeshipCreate,
  edit: VoivodeshipEdit,
  screens: { 'import-teryt': TerytImport, gminy: AllBoroughsList },
  children: { district: { ...district, children: { borough } } },
});

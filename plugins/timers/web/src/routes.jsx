// The module the shell loads (exposed as ./routes): the screens of SPEC 2.4.
import { resourceRoutes } from '@smogpanel/kit/helpers';
import { TimerCreate, TimerEdit, TimerList } from './timers.jsx';

export default resourceRoutes('/timer', { param: 'timerId', list: TimerList, create: TimerCreate, edit: TimerEdit });

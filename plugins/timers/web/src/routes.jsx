// The module the shell loads (exposed as ./routes): the screens of SPEC 2.4.
import { TimerCreate, TimerEdit, TimerList } from './timers.jsx';

export default [
  { path: '/timer', element: <TimerList /> },
  { path: '/timer/add', element: <TimerCreate /> },
  { path: '/timer/:timerId', element: <TimerEdit /> },
];

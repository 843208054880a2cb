import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './App.jsx';

// A data router (one catch-all route; App and the remotes keep their <Routes>), so an edited
// form can ask before it is left (the kit's LeaveGuard: useBlocker needs one).
const router = createBrowserRouter([{ path: '*', element: <App /> }]);

createRoot(document.getElementById('root')).render(<RouterProvider router={router} />);

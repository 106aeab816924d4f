import { createBrowserRouter, type RouteObject } from 'react-router';
import { Loader } from '../components/loader';
import { Shell } from './layout/shell';
import { RouteError } from './pages/route-error';
import { routes } from './routes';

/** Every page inside the shell; a page that fails shows the error page inside the shell too. */
export const appRoutes: RouteObject[] = [
  {
    element: <Shell />,
    // Shown while the first page's code loads.
    hydrateFallbackElement: <Loader block />,
    children: [{ errorElement: <RouteError />, children: routes }],
  },
];

export const createRouter = () => createBrowserRouter(appRoutes);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './App';
import { followLegacyHashLink } from './layout/legacy-hash-link';
import { startInstallableApp } from './mobile/installable-app';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// Before the router reads the address: an old /#/x link (bookmark, mail) becomes /x.
followLegacyHashLink(window);

// The service worker (offline shell) and the browser's install offer, from the first page on.
startInstallableApp();

// Path routing (spec 002 §2 routes as typed or bookmarked); a data router, so pages can block leaving unsaved work.
const router = createBrowserRouter([{ path: '*', element: <App /> }]);

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

import './lib/report-error-install';
import './app/pwa/register';
// First, so that every component's and page's own CSS comes after the base rules.
import './app/styles.css';
import { serverState } from './app/server-state';
import { startApp } from './app/start';

// The whole app: every page but the first view of a page with islands (web/islands.tsx, which
// starts this same app when the visitor goes further).
await startApp(serverState());

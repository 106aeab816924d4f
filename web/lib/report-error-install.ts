import { installErrorReporting } from './report-error';

// Imported first by main.tsx, so that failures while the app starts are reported too.
installErrorReporting();

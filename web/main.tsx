import './lib/report-error-install';
import './app/pwa/register';
// First, so that every component's and page's own CSS comes after the base rules.
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createQueryClient } from './app/app';
import { preloadPage } from './app/router';
import { createI18n, currentLanguage, loadDictionary } from './lib/i18n';

const language = currentLanguage();
const dictionary = loadDictionary(language);
// The first page's code loads at the same time as the dictionary, not after it.
preloadPage(window.location.pathname);
const queryClient = createQueryClient();
const i18n = createI18n(language, await dictionary);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App i18n={i18n} queryClient={queryClient} />
  </StrictMode>,
);

import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Without vitest globals, Testing Library cannot register its own cleanup: unmount after each test.
afterEach(() => cleanup());

// Lazy pages load their chunk on first render; on a busy 2-core machine that can take more than
// Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

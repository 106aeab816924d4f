import path from 'node:path';
import { defineConfig } from 'vitest/config';

// `npm run test:reliability`: real server processes under load, crashes and database restarts
// (docs/reliability.md). Apart from `npm run test:unit`; RELIABILITY_SHORT=1 is the CI size.
export default defineConfig({
  root: path.resolve(import.meta.dirname, '..'),
  test: {
    name: 'reliability',
    environment: 'node',
    include: ['reliability/**/*.test.ts'],
    // One at a time: each suite measures, and they would slow each other down.
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 180_000,
  },
});
